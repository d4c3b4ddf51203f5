import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "KidneyHub web API",
            "version": "1.0.0",
            "description": "The data of the KidneyHub web app's pages. Needs the session cookie a sign-in sets."
          },
          "servers": [{ "url": "/api/v1" }],
          "components": {
            "securitySchemes": {
              "session": { "type": "apiKey", "in": "cookie", "name": "kidneyhub_session" }
            },
            "schemas": {
              "Problem": {
                "type": "object",
                "description": "RFC 9457 problem details; field names the request field at fault.",
                "required": ["title", "status"],
                "properties": {
                  "type": { "type": "string" },
                  "title": { "type": "string" },
                  "status": { "type": "integer" },
                  "detail": { "type": "string" },
                  "field": { "type": "string" }
                }
              },
              "FoodHits": {
                "type": "object",
                "required": ["foods"],
                "properties": {
                  "foods": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "name", "own"],
                      "properties": {
                        "id": { "type": "integer" },
                        "name": { "type": "string" },
                        "own": { "type": "boolean", "description": "The profile's own, favourite or recent food." }
                      }
                    }
                  }
                }
              },
              "Today": {
                "type": "object",
                "required": ["profile", "date", "intake"],
                "properties": {
                  "profile": { "type": "string" },
                  "date": { "type": "string", "format": "date" },
                  "intake": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["subject", "unit", "total"],
                      "properties": {
                        "subject": { "enum": ["potassium", "phosphorus", "sodium", "protein", "fluid"] },
                        "unit": { "type": "string", "description": "UCUM: mg, g or mL." },
                        "total": { "type": "number" },
                        "maximum": { "type": ["number", "null"] },
                        "left": { "type": ["number", "null"] }
                      }
                    }
                  }
                }
              }
            },
            "responses": {
              "Unauthorized": {
                "description": "No session.",
                "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } }
              },
              "Misdirected": {
                "description": "The Host header is not this server's address.",
                "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } }
              }
            }
          },
          "security": [{ "session": [] }],
          "paths": {
            "/foods": {
              "get": {
                "summary": "Search foods by the letters typed (the profile's own and recent foods first).",
                "parameters": [
                  { "name": "q", "in": "query", "required": true, "schema": { "type": "string", "minLength": 1 } },
                  { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 50 } }
                ],
                "responses": {
                  "200": { "description": "Matching foods.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FoodHits" } } } },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "422": { "description": "A parameter is wrong.", "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } } }
                }
              }
            },
            "/today": {
              "get": {
                "summary": "Today's intake against the limits, with what is left.",
                "responses": {
                  "200": { "description": "Today.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Today" } } } },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" }
                }
              }
            }
          }
        }
        """#
}
