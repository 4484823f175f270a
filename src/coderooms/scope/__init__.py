"""What the operator lets agents touch: the served roots (`serve --root`, settings), the names
no write may pass through (version-control state, hook directories, however spelled), and the
checks every verb that ingests, watches or writes makes against them. See docs/security.md."""
