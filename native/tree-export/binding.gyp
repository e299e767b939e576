{
  # Vigil's tree exporter (tree_export.c) with its own copy of the tree-sitter runtime, compiled from
  # the sources the tree-sitter package ships, so both agree on the grammars' ABI.
  "targets": [
    {
      "target_name": "tree_export",
      "sources": [
        "tree_export.c",
        "../../node_modules/tree-sitter/vendor/tree-sitter/lib/src/lib.c"
      ],
      "include_dirs": [
        "../../node_modules/tree-sitter/vendor/tree-sitter/lib/include",
        "../../node_modules/tree-sitter/vendor/tree-sitter/lib/src"
      ],
      "defines": ["_POSIX_C_SOURCE=200112L", "_DEFAULT_SOURCE", "NAPI_VERSION=8"],
      "cflags_c": ["-std=c11", "-O2", "-fvisibility=hidden"]
    }
  ]
}
