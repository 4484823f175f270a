"""The resolution engine's contract: what extraction produces (`extraction`), the marks
references are written with (`vocabulary`), where an import may point (`targets`), what one
file asks of resolution (`ref_requests`), the loading waves (`waves`) and the keys a
reference's answer depends on (`keys`). A floor: it imports only `core` and `errors`."""
