"""The safe-edit half of the search & surgical room: path safety, atomic writes, previews,
commits, batches and the proof gate. See docs/edits.md."""
