import shutil
import subprocess

from langchain_core.tools import BaseTool
from crewai.tools import BaseTool as CrewTool


class WipeCache(BaseTool):
    name: str = "wipe_cache"
    description: str = "Delete a cache directory of a project"

    def _run(self, project: str) -> str:
        # ruleid: missing_human_oversight
        shutil.rmtree(f"/var/cache/builds/{project}")
        return "wiped"


class DiskReport(CrewTool):
    name: str = "disk_report"
    description: str = "Report the disk usage of the data volume"
    volume: str = "/data"

    def _run(self) -> str:
        # ok: missing_human_oversight
        return subprocess.run(["du", "-sh", self.volume], capture_output=True, text=True).stdout
