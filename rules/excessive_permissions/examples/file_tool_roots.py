from pathlib import Path

from langchain_community.agent_toolkits import FileManagementToolkit as FilesKit
from langchain_community.tools.file_management import ReadFileTool, WriteFileTool

DISK = "/"


def whole_disk():
    # ruleid: excessive_permissions[fs_root]
    return FilesKit(root_dir="/", selected_tools=["read_file", "list_directory"]).get_tools()


def through_a_constant():
    # ruleid: excessive_permissions[fs_root]
    return [ReadFileTool(root_dir=DISK)]


def home_writer():
    # ruleid: excessive_permissions[fs_root]
    return WriteFileTool(root_dir=Path.home())


def no_root():
    # ruleid: excessive_permissions[fs_root]
    return FilesKit(selected_tools=["write_file"]).get_tools()


def project_folder():
    # ok: excessive_permissions
    return FilesKit(root_dir="./workspace", selected_tools=["read_file", "write_file"]).get_tools()


def home_subfolder():
    # ok: excessive_permissions
    return [ReadFileTool(root_dir=str(Path.home() / "agent-notes"))]


def crew_directory_tools():
    from crewai_tools import DirectoryReadTool

    # ruleid: excessive_permissions[fs_root]
    everything = DirectoryReadTool(directory="~")
    # ok: excessive_permissions
    reports = DirectoryReadTool(directory="./reports")
    return everything, reports
