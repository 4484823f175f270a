from coderooms.cli import app

app()
