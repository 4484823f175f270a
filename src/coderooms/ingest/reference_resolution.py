from coderooms.resolution.reference_resolution import *  # noqa: F403  (shim: moved to resolution, issue 35 step 15; deleted in step 32)
