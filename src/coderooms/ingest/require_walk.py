from coderooms.resolution.require_walk import *  # noqa: F403  (shim: moved to resolution, issue 35 step 15; deleted in step 32)
