const { ChatOllama } = require("@langchain/ollama")

function localModel(baseUrl) {
  // ruleid: token_bombing[cap_disabled]
  return new ChatOllama({ baseUrl, model: "llama3.1", numPredict: -1 })
}

function boundedLocalModel(baseUrl, limits) {
  // ok: token_bombing
  return new ChatOllama({ baseUrl, model: "llama3.1", numPredict: limits.numPredict })
}

module.exports = { localModel, boundedLocalModel }
