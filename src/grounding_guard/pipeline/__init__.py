"""The sans-IO pipeline the guard and the stream drive: segment, resolve citations, ask
the judges, decide each unit (:mod:`~grounding_guard.pipeline.engine`), and read the
support judge's answers (:mod:`~grounding_guard.pipeline.drive`)."""
