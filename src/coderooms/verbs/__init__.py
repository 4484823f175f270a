"""The verb contract every room speaks: a verb's spec and declared effect (`spec`, `effects`,
`declaring`), the context it receives (`context`), who calls (`agents`) and what each caller may
keep (`quotas`), the presets and mode that decide what is served (`presets`, `serving`), and the
shared shapes of arguments and answers (`arguments`, `budget`, `symbol_rows`). It knows no
protocol: `coderooms.protocol` turns specs into MCP tools."""
