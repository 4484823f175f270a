"""`coderooms setup CLIENT`: coderooms' entry in an MCP client's configuration file (`clients`:
where each client keeps it and its shape; `jsonc` and `toml_table`: the in-place editors;
`edit`: the checked change; `command`: the command)."""
