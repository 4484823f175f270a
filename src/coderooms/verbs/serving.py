"""Which verbs this server serves (and lists): those of the operator's presets, less the writers
a read-only server withholds. Every other verb's call gets the error said here, in the JSON
error contract: `forbidden` when read-only mode withholds it (no preset would serve it),
`not_served` naming the preset that holds it otherwise."""

from __future__ import annotations

from coderooms.errors import CoderoomsError, Forbidden, NotServed
from coderooms.verbs import effects
from coderooms.verbs.context import AppContext
from coderooms.verbs.presets import parse_presets, preset_of, selected_verbs
from coderooms.verbs.spec import ToolSpec


def allowed_by_mode(ctx: AppContext, spec: ToolSpec) -> bool:
    settings = ctx.settings
    return effects.served(
        spec.effect, read_only=settings.read_only, session_state=settings.allow_session_state
    )


def served_presets(ctx: AppContext) -> tuple[str, ...]:
    return parse_presets(ctx.settings.tools)


def served_tools(ctx: AppContext, specs: list[ToolSpec]) -> list[ToolSpec]:
    chosen = selected_verbs(served_presets(ctx), (spec.name for spec in specs))
    return [spec for spec in specs if spec.name in chosen and allowed_by_mode(ctx, spec)]


def refusals(ctx: AppContext, specs: list[ToolSpec]) -> dict[str, CoderoomsError]:
    """For each verb not served, the error its call gets."""
    served = {spec.name for spec in served_tools(ctx, specs)}
    return {spec.name: refusal(ctx, spec) for spec in specs if spec.name not in served}


def refusal(ctx: AppContext, spec: ToolSpec) -> CoderoomsError:
    if not allowed_by_mode(ctx, spec):
        return Forbidden(
            f"this server runs read-only and does not serve {spec.name}: "
            f"{effects.refusal(spec.effect)}",
            hint="call help for the verbs this server serves; the operator decides "
            "read-only mode (serve --read-only, --allow-session-state)",
        )
    preset = preset_of(spec.name)
    wanted = ",".join((*served_presets(ctx), preset))
    return NotServed(
        f"this server does not serve {spec.name}: it is in the {preset!r} preset, and the "
        f"operator chose {ctx.settings.tools!r}",
        hint=f"the operator serves it with `coderooms serve --tools {wanted}` (or "
        f"CODEROOMS_TOOLS={wanted}); call help for the verbs served now",
    )
