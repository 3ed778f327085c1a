"""What the horse races share: the course of cards beside the aces (``course``) and the
exact odds of a race run from it (``odds``). No game lives here, so game discovery skips it."""
