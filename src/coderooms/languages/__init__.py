"""Everything about one language, and the kit they are read with: `language` (the record each
language is: its `Syntax` and its `resolution.rules.Rules`) and `parsing` (the parse engine,
the Collector and the helpers that name no language). A floor: it imports only itself,
`resolution`, `core` and `errors`."""
