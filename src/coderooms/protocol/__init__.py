"""The MCP layer: the only package that imports fastmcp or mcp. It builds the app
(`app.build_app`), makes each verb spec a listed tool (`listing`), maps errors to the JSON
contract (`tool_errors`), reports progress (`progress`), guards the HTTP transport
(`http_access`), derives tool annotations (`annotations`), attaches the freshness of answers
(`answer_freshness`), and serves the resources and the prompt (`resources`, `prompts`,
`capabilities`). Rooms never import it; `server.py` and `cli` do."""
