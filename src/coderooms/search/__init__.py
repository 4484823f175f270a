"""The search room: indexed literal/regex search over `:Chunk` text, `glob` over file paths, and
`view`/`batch_view` of file text as the graph holds it. Every verb here is read-only."""
