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
          "servers": [{"url": "/api/v1"}],
          "components": {
            "securitySchemes": { "session": {"type": "apiKey", "in": "cookie", "name": "kidneyhub_session"} },
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
                  "intake": { "type": "array", "items": {"$ref": "#/components/schemas/IntakeLine"} }
                }
              },
              "IntakeLine": {
                "type": "object",
                "required": ["subject", "unit", "total"],
                "properties": {
                  "subject": { "enum": ["potassium", "phosphorus", "sodium", "protein", "fluid"] },
                  "unit": { "type": "string", "description": "UCUM: mg, g or mL." },
                  "total": { "type": "number" },
                  "maximum": { "type": ["number", "null"] },
                  "left": { "type": ["number", "null"] }
                }
              },
              "TrendSeries": {
                "type": "object",
                "required": ["subject", "name", "unit", "points"],
                "properties": {
                  "subject": {
                    "type": "string",
                    "description": "What the series charts: pre-weight, post-weight, gain, weight, blood-pressure, glucose, or a lab's id."
                  },
                  "name": {
                    "type": "string",
                    "description": "The series (systolic, diastolic for blood pressure)."
                  },
                  "unit": { "type": "string", "description": "UCUM unit code: kg, mm[Hg], mmol/L, mg/dL…." },
                  "points": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["at", "value"],
                      "properties": {
                        "at": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "value": { "type": "number" }
                      }
                    }
                  }
                }
              },
              "ReadingsTrends": {
                "type": "object",
                "required": ["profile", "days", "series"],
                "properties": {
                  "profile": { "type": "string" },
                  "days": { "type": "integer", "enum": [7, 30, 90, 365] },
                  "series": { "type": "array", "items": {"$ref": "#/components/schemas/TrendSeries"} }
                }
              },
              "LabStanding": {
                "type": "object",
                "required": ["value", "unit", "takenAt", "flag", "targetLow", "targetHigh"],
                "properties": {
                  "value": { "type": "number" },
                  "unit": { "type": "string", "description": "UCUM unit code: the lab's canonical unit." },
                  "takenAt": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                  "flag": { "enum": ["low", "in range", "high", "no target"] },
                  "targetLow": { "type": ["number", "null"] },
                  "targetHigh": { "type": ["number", "null"] }
                }
              },
              "LabsTrends": {
                "type": "object",
                "required": ["profile", "days", "labs"],
                "properties": {
                  "profile": { "type": "string" },
                  "days": { "type": "integer", "enum": [7, 30, 90, 365] },
                  "labs": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["analyte", "name", "series"],
                      "properties": {
                        "analyte": { "type": "string" },
                        "name": { "type": "string" },
                        "series": { "type": "array", "items": {"$ref": "#/components/schemas/TrendSeries"} },
                        "standing": { "$ref": "#/components/schemas/LabStanding" }
                      }
                    }
                  }
                }
              },
              "IntakeTrends": {
                "type": "object",
                "required": ["profile", "days", "intake"],
                "properties": {
                  "profile": { "type": "string" },
                  "days": { "type": "integer", "enum": [7, 30, 90, 365] },
                  "intake": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["date", "intake"],
                      "properties": {
                        "date": { "type": "string", "format": "date" },
                        "intake": { "type": "array", "items": {"$ref": "#/components/schemas/IntakeLine"} }
                      }
                    }
                  }
                }
              },
              "LabsPage": {
                "type": "object",
                "required": ["profile", "latest", "results"],
                "properties": {
                  "profile": { "type": "string" },
                  "latest": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["analyte", "name", "count", "standing"],
                      "properties": {
                        "analyte": { "type": "string" },
                        "name": { "type": "string" },
                        "count": { "type": "integer" },
                        "change": { "type": "number", "description": "Latest minus previous, in the lab's unit." },
                        "standing": { "$ref": "#/components/schemas/LabStanding" }
                      }
                    }
                  },
                  "results": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "analyte", "value", "unit", "originalValue", "originalUnit", "takenAt"],
                      "properties": {
                        "id": { "type": "integer" },
                        "analyte": { "type": "string" },
                        "value": { "type": "number" },
                        "unit": { "type": "string", "description": "UCUM unit code: canonical." },
                        "originalValue": { "type": "number" },
                        "originalUnit": { "type": "string", "description": "UCUM unit code: as entered." },
                        "takenAt": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "egfrFromCreatinine": {
                          "type": "number",
                          "description": "mL/min/{1.73_m2}, for creatinine."
                        },
                        "stage": { "type": "string" }
                      }
                    }
                  },
                  "egfrSlope": {
                    "type": "object",
                    "required": ["perYear", "unit", "readingCount", "rapidProgression"],
                    "properties": {
                      "perYear": { "type": ["number", "null"] },
                      "unit": { "type": "string", "description": "UCUM unit code: mL/min/{1.73_m2}/a." },
                      "readingCount": { "type": "integer" },
                      "rapidProgression": { "type": "boolean" }
                    }
                  }
                }
              },
              "Weights": {
                "type": "object",
                "required": ["profile", "days", "weights"],
                "properties": {
                  "profile": { "type": "string" },
                  "days": { "type": "integer" },
                  "weights": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "at", "value", "unit", "phase"],
                      "properties": {
                        "id": { "type": "integer" },
                        "at": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "value": { "type": "number" },
                        "unit": { "const": "kg" },
                        "phase": { "enum": ["pre", "post", "intra", "none", null] }
                      }
                    }
                  }
                }
              },
              "BloodPressures": {
                "type": "object",
                "required": ["profile", "days", "readings"],
                "properties": {
                  "profile": { "type": "string" },
                  "days": { "type": "integer" },
                  "readings": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "at", "systolic", "diastolic", "unit"],
                      "properties": {
                        "id": { "type": "integer" },
                        "at": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "systolic": { "type": "number" },
                        "diastolic": { "type": "number" },
                        "unit": { "const": "mm[Hg]" }
                      }
                    }
                  }
                }
              },
              "Fluid": {
                "type": "object",
                "required": ["profile", "date", "total", "unit"],
                "properties": {
                  "profile": { "type": "string" },
                  "date": { "type": "string", "format": "date" },
                  "total": { "type": "number" },
                  "unit": { "const": "mL" },
                  "maximum": { "type": "number" },
                  "left": { "type": "number" }
                }
              },
              "Goals": {
                "type": "object",
                "required": ["profile", "goals", "rewards", "totalPoints"],
                "properties": {
                  "profile": { "type": "string" },
                  "goals": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "id",
                        "kind",
                        "summary",
                        "period",
                        "priority",
                        "window",
                        "met",
                        "fraction",
                        "detail"
                      ],
                      "properties": {
                        "id": { "type": "integer" },
                        "kind": { "type": "string" },
                        "summary": { "type": "string" },
                        "period": { "type": "string" },
                        "priority": { "type": "integer" },
                        "window": { "type": "string" },
                        "met": { "type": ["boolean", "null"] },
                        "fraction": { "type": ["number", "null"] },
                        "detail": { "type": "string" }
                      }
                    }
                  },
                  "rewards": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "goalId", "period", "achievement", "badge", "points", "earnedAt"],
                      "properties": {
                        "id": { "type": "integer" },
                        "goalId": { "type": "integer" },
                        "period": { "type": "string" },
                        "achievement": { "type": "string" },
                        "badge": { "type": "string" },
                        "points": { "type": "integer" },
                        "earnedAt": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." }
                      }
                    }
                  },
                  "totalPoints": { "type": "integer" }
                }
              },
              "Medications": {
                "type": "object",
                "required": ["profile", "date", "medications", "dosesDue"],
                "properties": {
                  "profile": { "type": "string" },
                  "date": { "type": "string", "format": "date" },
                  "medications": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "name", "status", "instructions", "byCareTeam"],
                      "properties": {
                        "id": { "type": "string" },
                        "name": { "type": "string" },
                        "status": { "type": "string" },
                        "instructions": { "type": "string" },
                        "byCareTeam": { "type": "boolean" }
                      }
                    }
                  },
                  "dosesDue": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["medicationId", "medication", "instructions", "date", "time", "dueAt", "answer"],
                      "properties": {
                        "medicationId": { "type": "string" },
                        "medication": { "type": "string" },
                        "instructions": { "type": "string" },
                        "date": { "type": "string", "format": "date" },
                        "time": { "type": "string" },
                        "dueAt": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "answer": { "type": ["string", "null"] }
                      }
                    }
                  }
                }
              },
              "Questionnaires": {
                "type": "object",
                "required": ["profile", "questionnaires"],
                "properties": {
                  "profile": { "type": ["string", "null"] },
                  "questionnaires": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["assignmentId", "title", "url", "version", "questions", "answers"],
                      "properties": {
                        "assignmentId": { "type": "integer" },
                        "title": { "type": "string" },
                        "url": { "type": "string" },
                        "version": { "type": "string" },
                        "questions": { "type": "integer" },
                        "answers": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": ["id", "authoredAt", "score"],
                            "properties": {
                              "id": { "type": "integer" },
                              "authoredAt": {
                                "type": "string",
                                "format": "date-time",
                                "description": "RFC 3339 instant."
                              },
                              "score": { "type": "integer" }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "Notifications": {
                "type": "object",
                "required": ["profile", "notifications"],
                "properties": {
                  "profile": { "type": "string" },
                  "notifications": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "type", "title", "text", "read", "createdAt", "opens"],
                      "properties": {
                        "id": { "type": "integer" },
                        "type": { "$ref": "#/components/schemas/NotificationType" },
                        "title": { "type": "string" },
                        "text": { "type": "string" },
                        "read": { "type": "boolean" },
                        "createdAt": { "type": "string", "format": "date-time", "description": "RFC 3339 instant." },
                        "opens": {
                          "enum": ["/labs", "/weight", "/blood-pressure", "/trends", "/today", "/goals", "/medications", "/devices", "/import", "/reports"],
                          "description": "The page that shows what the notification is about."
                        }
                      }
                    }
                  }
                }
              },
              "Devices": {
                "type": "object",
                "required": ["adapters", "problems", "devices"],
                "properties": {
                  "adapters": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["id", "name", "state", "failed", "findsDevices"],
                      "properties": {
                        "id": { "type": "string" },
                        "name": { "type": "string" },
                        "state": { "type": "string" },
                        "failed": { "type": "boolean" },
                        "findsDevices": { "type": "boolean" }
                      }
                    }
                  },
                  "problems": { "type": "array", "items": {"type": "string"} },
                  "devices": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["adapterId", "deviceId", "lastSeenAt", "assignments"],
                      "properties": {
                        "adapterId": { "type": "string" },
                        "deviceId": { "type": "string" },
                        "model": { "type": "string" },
                        "lastSeenAt": {
                          "type": "string",
                          "format": "date-time",
                          "description": "RFC 3339 instant."
                        },
                        "assignments": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "required": ["userIndex", "profile"],
                            "properties": {
                              "userIndex": { "type": ["integer", "null"] },
                              "profile": { "type": "string" }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "Reports": {
                "type": "object",
                "required": ["profile", "reports"],
                "properties": {
                  "profile": { "type": "string" },
                  "reports": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["number", "from", "through", "pages", "bytes", "createdAt", "download"],
                      "properties": {
                        "number": { "type": "integer" },
                        "from": { "type": "string" },
                        "through": { "type": "string" },
                        "pages": { "type": "integer" },
                        "bytes": { "type": "integer" },
                        "createdAt": { "type": "string" },
                        "download": { "type": "string", "description": "The PDF's path." }
                      }
                    }
                  }
                }
              },
              "Profiles": {
                "type": "object",
                "required": ["current", "profiles"],
                "properties": {
                  "current": { "type": ["string", "null"] },
                  "profiles": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["name", "current"],
                      "properties": { "name": {"type": "string"}, "current": {"type": "boolean"} }
                    }
                  }
                }
              },
              "Settings": {
                "type": "object",
                "required": ["language", "languages", "notifications"],
                "properties": {
                  "language": { "enum": ["en", "es"] },
                  "languages": { "type": "array", "items": {"enum": ["en", "es"]} },
                  "notifications": {
                    "type": "object",
                    "description": "The profile's notification settings.",
                    "required": ["disabledTypes", "quietHours", "quietHoursExempt", "desktop"],
                    "properties": {
                      "disabledTypes": { "type": "array", "items": {"$ref": "#/components/schemas/NotificationType"} },
                      "quietHours": {
                        "type": ["object", "null"],
                        "required": ["start", "end"],
                        "properties": { "start": {"type": "string"}, "end": {"type": "string"} }
                      },
                      "quietHoursExempt": { "type": "array", "items": {"$ref": "#/components/schemas/NotificationType"} },
                      "desktop": { "type": "boolean" }
                    }
                  }
                }
              },
              "NotificationType": { "enum": ["reward", "progress", "reminder", "alert", "device", "import"] }
            },
            "responses": {
              "Unauthorized": {
                "description": "No session.",
                "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
              },
              "NoProfile": {
                "description": "The store has no profile yet (the first run is not done).",
                "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
              },
              "Misdirected": {
                "description": "The Host header is not this server's address.",
                "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
              },
              "Refused": {
                "description": "The profile's data cannot be shown (its time zone is unusable); the problem names the profile.",
                "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
              },
              "BadDays": {
                "description": "days is not 7, 30, 90 or 365 (the problem names days), or the profile's data cannot be shown (its time zone is unusable; the problem names the profile).",
                "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
              }
            }
          },
          "security": [{"session": []}],
          "paths": {
            "/foods": {
              "get": {
                "summary": "Search foods by the letters typed (the profile's own and recent foods first).",
                "parameters": [
                  { "name": "q", "in": "query", "required": true, "schema": {"type": "string", "minLength": 1} },
                  { "name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50} }
                ],
                "responses": {
                  "200": {
                    "description": "Matching foods.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/FoodHits"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "422": {
                    "description": "A parameter is wrong.",
                    "content": { "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}} }
                  }
                }
              }
            },
            "/today": {
              "get": {
                "summary": "Today's intake against the limits, with what is left.",
                "responses": {
                  "200": {
                    "description": "Today.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Today"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/trends/readings": {
              "get": {
                "summary": "Weights (before and after dialysis, the gain), blood pressure and glucose over the window, each series with its unit.",
                "parameters": [
                  {
                    "name": "days",
                    "in": "query",
                    "description": "The window in days.",
                    "schema": { "type": "integer", "enum": [7, 30, 90, 365], "default": 30 }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Weights (before and after dialysis, the gain), blood pressure and glucose over the window, each series with its unit.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/ReadingsTrends"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/BadDays" }
                }
              }
            },
            "/trends/labs": {
              "get": {
                "summary": "Every lab with a result: its series and the standing of its latest value against its target.",
                "parameters": [
                  {
                    "name": "days",
                    "in": "query",
                    "description": "The window in days.",
                    "schema": { "type": "integer", "enum": [7, 30, 90, 365], "default": 30 }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Every lab with a result: its series and the standing of its latest value against its target.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/LabsTrends"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/BadDays" }
                }
              }
            },
            "/trends/intake": {
              "get": {
                "summary": "Each day's intake against the limits over the window (at most 31 days).",
                "parameters": [
                  {
                    "name": "days",
                    "in": "query",
                    "description": "The window in days.",
                    "schema": { "type": "integer", "enum": [7, 30, 90, 365], "default": 30 }
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Each day's intake against the limits over the window (at most 31 days).",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/IntakeTrends"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/BadDays" }
                }
              }
            },
            "/labs": {
              "get": {
                "summary": "The labs page: each lab's latest standing, every result newest first, the eGFR slope.",
                "responses": {
                  "200": {
                    "description": "The labs page: each lab's latest standing, every result newest first, the eGFR slope.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/LabsPage"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/weights": {
              "get": {
                "summary": "The weights of the last 30 days, newest first, with their dialysis phase.",
                "responses": {
                  "200": {
                    "description": "The weights of the last 30 days, newest first, with their dialysis phase.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Weights"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/blood-pressure": {
              "get": {
                "summary": "The blood pressures of the last 30 days, newest first.",
                "responses": {
                  "200": {
                    "description": "The blood pressures of the last 30 days, newest first.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/BloodPressures"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/fluid": {
              "get": {
                "summary": "What was drunk today against the day's fluid limit.",
                "responses": {
                  "200": {
                    "description": "What was drunk today against the day's fluid limit.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Fluid"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/medications": {
              "get": {
                "summary": "The active medication orders and today's doses.",
                "responses": {
                  "200": {
                    "description": "The active medication orders and today's doses.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Medications"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/questionnaires": {
              "get": {
                "summary": "The questionnaires the care team assigned, with the answers given.",
                "responses": {
                  "200": {
                    "description": "The questionnaires the care team assigned, with the answers given.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Questionnaires"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/goals": {
              "get": {
                "summary": "The goals by priority with their progress, and the rewards earned.",
                "responses": {
                  "200": {
                    "description": "The goals by priority with their progress, and the rewards earned.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Goals"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/notifications": {
              "get": {
                "summary": "The notifications feed, newest first, in the pages' language.",
                "responses": {
                  "200": {
                    "description": "The notifications feed, newest first, in the pages' language.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Notifications"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/devices": {
              "get": {
                "summary": "The adapters with their health and the devices the store knows.",
                "responses": {
                  "200": {
                    "description": "The adapters with their health and the devices the store knows.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Devices"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" }
                }
              }
            },
            "/reports": {
              "get": {
                "summary": "The reports made for the profile, with their download path.",
                "responses": {
                  "200": {
                    "description": "The reports made for the profile, with their download path.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Reports"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            },
            "/profiles": {
              "get": {
                "summary": "The store's profiles and the one this session looks at.",
                "responses": {
                  "200": {
                    "description": "The store's profiles and the one this session looks at.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Profiles"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" }
                }
              }
            },
            "/settings": {
              "get": {
                "summary": "The pages' language and the profile's notification settings.",
                "responses": {
                  "200": {
                    "description": "The pages' language and the profile's notification settings.",
                    "content": { "application/json": {"schema": {"$ref": "#/components/schemas/Settings"}} }
                  },
                  "401": { "$ref": "#/components/responses/Unauthorized" },
                  "421": { "$ref": "#/components/responses/Misdirected" },
                  "404": { "$ref": "#/components/responses/NoProfile" },
                  "422": { "$ref": "#/components/responses/Refused" }
                }
              }
            }
          }
        }
        """#
}
