from coderooms.resolution.file_scope import *  # noqa: F403  (shim: moved to resolution, issue 35 step 15; deleted in step 32)
from coderooms.resolution.file_scope import FileScope as Scope  # noqa: F401
