"""Shim: moved to `resolution.file_records` (issue 35 step 15; deleted in step 32)."""

from coderooms.ingest.import_requests import build_record
from coderooms.resolution.file_records import declared_returns, declared_types

__all__ = ["build_record", "declared_returns", "declared_types"]
