"""The progress shown on stderr while a verb works: a spinner, and bars that are checkpoints
for stop signals.  Imported by :func:`printplay.cli.common.working` and
:func:`~printplay.cli.common.progress_bar` when a verb first shows progress, so that a run
that shows none never imports rich's progress machinery."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from printplay.cli.common import raise_if_stopped


@contextmanager
def spinner(console: Console, what: str) -> Iterator[None]:
    """A spinner on ``console`` with ``what`` and the time spent, while the block runs (gone
    when it ends; nothing when the console is not a terminal)."""
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
        disable=not console.is_terminal,
    ) as progress:
        progress.add_task(what, total=None)
        yield


class RateColumn(ProgressColumn):
    """How many items a second a task is doing (``"412 deals/s"``)."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        """The rate, or nothing before there is one."""
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("")
        shown = f"{speed:,.0f}" if speed >= 10 else f"{speed:.2g}"
        return Text(f"{shown} {self.unit}/s")


class CheckedProgress(Progress):
    """A progress bar that is also a checkpoint for stop signals
    (:func:`~printplay.cli.common.raise_if_stopped`): a long job reports its progress
    often, drawn or not."""

    def update(
        self,
        task_id: TaskID,
        *,
        total: float | None = None,
        completed: float | None = None,
        advance: float | None = None,
        description: str | None = None,
        visible: bool | None = None,
        refresh: bool = False,
        **fields: object,
    ) -> None:
        """Update a task, after checking for a stop."""
        raise_if_stopped()
        super().update(
            task_id,
            total=total,
            completed=completed,
            advance=advance,
            description=description,
            visible=visible,
            refresh=refresh,
            **fields,
        )

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        """Advance a task, after checking for a stop."""
        raise_if_stopped()
        super().advance(task_id, advance)


def checked_bar(console: Console, *, disable: bool, rate: str | None) -> CheckedProgress:
    """A progress bar on ``console`` that disappears when done (see
    :func:`printplay.cli.common.progress_bar`)."""
    rates = [RateColumn(rate)] if rate else []
    return CheckedProgress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        *rates,
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=disable or not console.is_terminal,
        redirect_stdout=False,  # results go to stdout even while the bar is drawn
        redirect_stderr=False,
    )
