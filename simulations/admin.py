"""Admin for simulation jobs: find a job, see who ran its chunks and why it failed; cancel from here.

Jobs are read-only here: their rows are the workers' to write (``simulations.services``). The one action,
cancelling, goes through the same service the API and the pages call.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Simulation, SimulationChunk

CHUNK_FIELDS = ("index", "units", "worker", "seconds", "finished_at")


class SimulationChunkInline(admin.TabularInline):
    model = SimulationChunk
    fields = CHUNK_FIELDS
    readonly_fields = CHUNK_FIELDS
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Simulation)
class SimulationAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "kind",
        "status",
        "deck_name",
        "owner",
        "units",
        "chunks_done",
        "chunks_total",
        "attempts",
        "created_at",
        "finished_at",
    ]
    list_filter = ["status", "kind"]
    search_fields = ["id", "deck_name", "owner__username", "error"]
    date_hierarchy = "created_at"
    # Not the plan: the compiled deck is long, and the snapshot says the same to a person.
    readonly_fields = [field.name for field in Simulation._meta.fields if field.name != "plan"]
    exclude = ["plan"]
    inlines = [SimulationChunkInline]
    actions = ["cancel_jobs"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description=_("Cancel the selected jobs"))
    def cancel_jobs(self, request, queryset) -> None:
        # Imported here: the admin is loaded by every process at start-up (Django's autodiscovery), and the
        # services bring in the draw simulator and numpy, which a command such as check_deck never uses.
        from . import services

        cancelled = 0
        for simulation in queryset.filter(status__in=services.ACTIVE):
            cancelled += services.cancel(simulation).status == Simulation.Status.CANCELLED
        self.message_user(
            request,
            ngettext("%(count)d job cancelled.", "%(count)d jobs cancelled.", cancelled) % {"count": cancelled},
            messages.SUCCESS,
        )
