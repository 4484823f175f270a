from coderooms.resolution.module_table import *  # noqa: F403  (shim: moved to resolution, issue 35 step 15; deleted in step 32)
from coderooms.resolution.module_table import ModuleTable as ReexportTable  # noqa: F401
from coderooms.resolution.reexports import *  # noqa: F403
from coderooms.resolution.reexports import ReexportWalk as Walk  # noqa: F401
