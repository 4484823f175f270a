"""Question sets on repositories this project never used before (issue 30).

Each module here holds one repository: where it comes from (a checkout of github.com/OWNER/NAME
at a pinned commit, with its git history: co-change truths come from it), which half of the
split it belongs to, and its questions. The ground truth of every question was written from the
code and from `git log` at that commit, before coderooms was asked anything.
"""

from __future__ import annotations

# The split was fixed before any question was written (issue 30). Developers may look at the
# answers of the TUNE repositories while they improve the verbs. The REPORT repositories must
# not be used to tune: their figures are only reported, never looked at to choose a change.
TUNE = ("marshmallow",)
REPORT = ("attrs", "urfave-cli", "immer")
