// Parses one file with tree-sitter and hands the whole tree to JavaScript in ONE call, as a flat
// Int32Array in preorder, then frees the tree before returning.
//
// Why (issue 14, see src/languages/flatTree.ts): reading a tree through the Node binding costs about
// 100 ns per native call, several calls per node, and every tree stays in native memory until a GC
// finalizer runs (workers had to force collections). Walking the tree here costs a few ns per node,
// and no tree outlives the call.
//
// Layout, 4 int32 per node, in preorder (a node's children follow it; node i's subtree ends at i + size):
//   [0] symbol (bits 0-15, alias-resolved as ts_node_symbol; 0xFFFF is ERROR) | field id (bits 16-30)
//       | bit 31: the node is MISSING (inserted by error recovery)
//   [1] start, [2] end: offsets in UTF-16 code units, i.e. JavaScript string indices
//   [3] size: number of nodes in the subtree, the node included
#define NAPI_VERSION 8
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

#define STRIDE 4

typedef struct {
  const TSLanguage *language;
  TSParser *parser;
} CachedParser;

// workers analyse one file at a time on one thread: one parser per grammar, reused
static CachedParser parsers[4];

static TSParser *parser_for(const TSLanguage *language) {
  for (int i = 0; i < 4; i++) {
    if (parsers[i].language == language) return parsers[i].parser;
    if (parsers[i].language == NULL) {
      TSParser *parser = ts_parser_new();
      if (!ts_parser_set_language(parser, language)) {
        ts_parser_delete(parser);
        return NULL;
      }
      parsers[i].language = language;
      parsers[i].parser = parser;
      return parser;
    }
  }
  return NULL;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static bool past_deadline(TSParseState *state) {
  return now_ms() >= *(const double *)state->payload;
}

typedef struct {
  const char *bytes;
  uint32_t length;
} Text;

static const char *read_text(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read) {
  (void)position;
  const Text *text = payload;
  if (byte_index >= text->length) {
    *bytes_read = 0;
    return "";
  }
  *bytes_read = text->length - byte_index;
  return text->bytes + byte_index;
}

#define CHECK(call)                                                       \
  do {                                                                    \
    if ((call) != napi_ok) {                                              \
      napi_throw_error(env, "VIGIL_TREE_EXPORT", "N-API call failed: " #call); \
      return NULL;                                                        \
    }                                                                     \
  } while (0)

static const TSLanguage *language_arg(napi_env env, napi_value value) {
  void *pointer = NULL;
  napi_valuetype type;
  if (napi_typeof(env, value, &type) != napi_ok || type != napi_external) return NULL;
  if (napi_get_value_external(env, value, &pointer) != napi_ok) return NULL;
  return pointer;
}

// parse(language: External, text: string, deadlineEpochMs: number)
//   -> { nodes: Int32Array, error: number (preorder index of the first ERROR or MISSING node, or -1) }
//   -> null when the deadline passed during the parse or the export
static napi_value parse(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 3) {
    napi_throw_type_error(env, "VIGIL_TREE_EXPORT", "parse(language, text, deadline)");
    return NULL;
  }
  const TSLanguage *language = language_arg(env, argv[0]);
  if (language == NULL) {
    napi_throw_type_error(env, "VIGIL_TREE_EXPORT", "the first argument is not a tree-sitter language");
    return NULL;
  }
  TSParser *parser = parser_for(language);
  if (parser == NULL) {
    napi_throw_error(env, "VIGIL_TREE_EXPORT", "the grammar's ABI version does not match the tree-sitter runtime");
    return NULL;
  }
  double deadline;
  CHECK(napi_get_value_double(env, argv[2], &deadline));

  size_t units = 0;
  CHECK(napi_get_value_string_utf16(env, argv[1], NULL, 0, &units));
  char16_t *utf16 = malloc((units + 1) * sizeof(char16_t));
  if (utf16 == NULL) {
    napi_throw_error(env, "VIGIL_TREE_EXPORT", "out of memory");
    return NULL;
  }
  CHECK(napi_get_value_string_utf16(env, argv[1], utf16, units + 1, &units));

  Text text = {(const char *)utf16, (uint32_t)(units * 2)};
  TSInput input = {&text, read_text, TSInputEncodingUTF16LE, NULL};
  TSParseOptions options = {&deadline, past_deadline};
  TSTree *tree = ts_parser_parse_with_options(parser, NULL, input, options);
  free(utf16);
  if (tree == NULL) {
    // a halted parse would otherwise be resumed by the next one
    ts_parser_reset(parser);
    napi_value null_value;
    CHECK(napi_get_null(env, &null_value));
    return null_value;
  }

  size_t capacity = units / 2 + 64;
  int32_t *nodes = malloc(capacity * STRIDE * sizeof(int32_t));
  size_t stack_capacity = 64;
  int32_t *stack = malloc(stack_capacity * sizeof(int32_t));
  if (nodes == NULL || stack == NULL) {
    free(nodes);
    free(stack);
    ts_tree_delete(tree);
    napi_throw_error(env, "VIGIL_TREE_EXPORT", "out of memory");
    return NULL;
  }
  int32_t count = 0;
  int32_t first_error = -1;
  // the walk honours the deadline too: a huge file (millions of list elements) takes seconds here
  bool late = false;
  size_t depth = 0;
  TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (;;) {
    if ((size_t)count == capacity) {
      capacity *= 2;
      int32_t *grown = realloc(nodes, capacity * STRIDE * sizeof(int32_t));
      if (grown == NULL) break;
      nodes = grown;
    }
    if ((count & 8191) == 0 && count > 0 && now_ms() >= deadline) {
      late = true;
      break;
    }
    TSNode node = ts_tree_cursor_current_node(&cursor);
    TSSymbol symbol = ts_node_symbol(node);
    bool missing = ts_node_is_missing(node);
    if (first_error == -1 && (symbol == (TSSymbol)-1 || missing)) first_error = count;
    int32_t *out = nodes + (size_t)count * STRIDE;
    out[0] = (int32_t)((uint32_t)symbol | ((uint32_t)(ts_tree_cursor_current_field_id(&cursor) & 0x7FFF) << 16) | (missing ? 0x80000000u : 0u));
    out[1] = (int32_t)(ts_node_start_byte(node) / 2);
    out[2] = (int32_t)(ts_node_end_byte(node) / 2);
    if (depth == stack_capacity) {
      stack_capacity *= 2;
      int32_t *grown = realloc(stack, stack_capacity * sizeof(int32_t));
      if (grown == NULL) break;
      stack = grown;
    }
    stack[depth] = count;
    count++;
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      depth++;
      continue;
    }
    // a leaf: close it and every ancestor whose last child it was
    for (;;) {
      nodes[(size_t)stack[depth] * STRIDE + 3] = count - stack[depth];
      if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      if (depth == 0 || !ts_tree_cursor_goto_parent(&cursor)) goto done;
      depth--;
    }
  }
done:
  ts_tree_cursor_delete(&cursor);
  ts_tree_delete(tree);
  free(stack);
  if (late) {
    free(nodes);
    napi_value null_value;
    CHECK(napi_get_null(env, &null_value));
    return null_value;
  }
  if (depth != 0 || count == 0) {
    free(nodes);
    napi_throw_error(env, "VIGIL_TREE_EXPORT", "out of memory while exporting the tree");
    return NULL;
  }

  // copied into a buffer V8 allocates, so V8 counts its memory and frees it with the array
  // (an external buffer would hide it from the heap limits until a finalizer ran)
  size_t bytes = (size_t)count * STRIDE * sizeof(int32_t);
  napi_value buffer;
  void *data;
  if (napi_create_arraybuffer(env, bytes, &data, &buffer) != napi_ok) {
    free(nodes);
    napi_throw_error(env, "VIGIL_TREE_EXPORT", "could not allocate the tree's array");
    return NULL;
  }
  memcpy(data, nodes, bytes);
  free(nodes);
  napi_value array, result, error;
  CHECK(napi_create_typedarray(env, napi_int32_array, (size_t)count * STRIDE, buffer, 0, &array));
  CHECK(napi_create_object(env, &result));
  CHECK(napi_create_int32(env, first_error, &error));
  CHECK(napi_set_named_property(env, result, "nodes", array));
  CHECK(napi_set_named_property(env, result, "error", error));
  return result;
}

// vocabulary(language: External) -> { symbols: string[], named: boolean[], fields: string[] }
// (symbol ids index `symbols`; ERROR, 0xFFFF, is not in it; fields[0] is "")
static napi_value vocabulary(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  const TSLanguage *language = argc < 1 ? NULL : language_arg(env, argv[0]);
  if (language == NULL) {
    napi_throw_type_error(env, "VIGIL_TREE_EXPORT", "the argument is not a tree-sitter language");
    return NULL;
  }
  uint32_t symbol_count = ts_language_symbol_count(language);
  uint32_t field_count = ts_language_field_count(language);
  napi_value symbols, named, fields, result;
  CHECK(napi_create_array_with_length(env, symbol_count, &symbols));
  CHECK(napi_create_array_with_length(env, symbol_count, &named));
  CHECK(napi_create_array_with_length(env, field_count + 1, &fields));
  for (uint32_t i = 0; i < symbol_count; i++) {
    const char *name = ts_language_symbol_name(language, (TSSymbol)i);
    napi_value name_value, named_value;
    CHECK(napi_create_string_utf8(env, name == NULL ? "" : name, NAPI_AUTO_LENGTH, &name_value));
    CHECK(napi_get_boolean(env, ts_language_symbol_type(language, (TSSymbol)i) == TSSymbolTypeRegular, &named_value));
    CHECK(napi_set_element(env, symbols, i, name_value));
    CHECK(napi_set_element(env, named, i, named_value));
  }
  for (uint32_t i = 0; i <= field_count; i++) {
    const char *name = i == 0 ? "" : ts_language_field_name_for_id(language, (TSFieldId)i);
    napi_value name_value;
    CHECK(napi_create_string_utf8(env, name == NULL ? "" : name, NAPI_AUTO_LENGTH, &name_value));
    CHECK(napi_set_element(env, fields, i, name_value));
  }
  CHECK(napi_create_object(env, &result));
  CHECK(napi_set_named_property(env, result, "symbols", symbols));
  CHECK(napi_set_named_property(env, result, "named", named));
  CHECK(napi_set_named_property(env, result, "fields", fields));
  return result;
}

NAPI_MODULE_INIT() {
  napi_value parse_fn, vocabulary_fn;
  if (napi_create_function(env, "parse", NAPI_AUTO_LENGTH, parse, NULL, &parse_fn) != napi_ok) return NULL;
  if (napi_create_function(env, "vocabulary", NAPI_AUTO_LENGTH, vocabulary, NULL, &vocabulary_fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "parse", parse_fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "vocabulary", vocabulary_fn) != napi_ok) return NULL;
  return exports;
}
