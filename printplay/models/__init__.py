"""The data printables are drawn from: frozen, typed, computed by the builders
(:mod:`printplay.builders`) and drawn by the renderers (:mod:`printplay.render`), which
compute nothing more.  A model holds no reportlab type and no game's own type: engine
states only through the core's protocols (:mod:`printplay.core.protocols`)."""
