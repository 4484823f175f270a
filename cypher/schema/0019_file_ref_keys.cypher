// A file's `ref_keys` (the names and module stems its Python references looked up in other
// files): a changeset finds the references it may have changed with `CONTAINS ' key '`.
CREATE TEXT INDEX file_ref_keys IF NOT EXISTS FOR (n:File) ON (n.ref_keys)
