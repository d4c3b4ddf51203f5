/// The OpenAPI 3.1 document of `/api/v1`, served at `/api/v1/openapi.json`; the schemathesis test
/// (`Tests/care-server/test_api_v1_schemathesis.py`) holds the server to it.
enum OpenAPIDocument {
    static let text = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "KidneyHub care-team server",
            "version": "1.0.0",
            "description": "The care-team server's API. Every refusal is RFC 9457 problem details; a refused body names each field by JSON pointer in `errors`."
          },
          "servers": [{"url": "/"}],
          "security": [{"token": []}],
          "paths": {
            "/api/v1/symptom-lists": {
              "get": {
                "operationId": "listOwnSymptomLists",
                "summary": "The signed-in patient's symptom lists.",
                "responses": {
                  "200": {
                    "description": "The lists.",
                    "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/SymptomList"}}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"}
                }
              },
              "post": {
                "operationId": "addSymptomList",
                "summary": "The signed-in patient records a symptom list.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewSymptomList"}}}
                },
                "responses": {
                  "201": {
                    "description": "The stored list.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SymptomList"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/symptom-lists/{id}": {
              "get": {
                "operationId": "readSymptomList",
                "summary": "One symptom list, for the patient it belongs to.",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "responses": {
                  "200": {
                    "description": "The list.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SymptomList"}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "token": {"type": "apiKey", "in": "header", "name": "Authorization", "description": "`Token <token>` from POST /get_auth_token/."}
            },
            "responses": {
              "Problem": {
                "description": "RFC 9457 problem details.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
              }
            },
            "schemas": {
              "Symptom": {
                "type": "object",
                "additionalProperties": false,
                "required": ["symptom_no", "scale"],
                "properties": {
                  "symptom_no": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
                  "scale": {"type": "integer", "minimum": 0, "maximum": 10, "description": "The apps' picker, 0 to 10."}
                }
              },
              "NewSymptomList": {
                "type": "object",
                "additionalProperties": false,
                "required": ["symptoms"],
                "properties": {"symptoms": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Symptom"}}}
              },
              "SymptomList": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "date", "symptoms"],
                "properties": {
                  "id": {"type": "integer"},
                  "date": {"type": "string"},
                  "symptoms": {"type": "array", "items": {"$ref": "#/components/schemas/Symptom"}}
                }
              },
              "Problem": {
                "type": "object",
                "required": ["type", "title", "status", "detail"],
                "properties": {
                  "type": {"type": "string"},
                  "title": {"type": "string"},
                  "status": {"type": "integer"},
                  "detail": {"type": "string"},
                  "errors": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["pointer", "detail"],
                      "properties": {"pointer": {"type": "string"}, "detail": {"type": "string"}}
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
