"""Shim: moved to `resolution.project_tables` (issue 35 step 15; deleted in step 32)."""

from coderooms.ingest.languages import PROJECT_TABLES

PROJECT_FILE_NAMES = PROJECT_TABLES.names
project_file = PROJECT_TABLES.project_file
fill_lookup = PROJECT_TABLES.fill_lookup
languages_to_reresolve = PROJECT_TABLES.languages_to_reresolve
