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
            "/api/v1/patients/{id}/enrollment-codes": {
              "post": {
                "operationId": "createEnrollmentCode",
                "summary": "A clinician creates a one-time code with which the patient's hub enrolls; the code is shown only in this answer.",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "responses": {
                  "201": {
                    "description": "The code, the patient it is for and when it stops working.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EnrollmentCode"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/enrollments": {
              "post": {
                "operationId": "enroll",
                "summary": "A hub trades a one-time enrollment code for a device token scoped to that patient alone.",
                "security": [],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewEnrollment"}}}
                },
                "responses": {
                  "201": {
                    "description": "The device token and the patient reference pushed resources name.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Enrollment"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"},
                  "429": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/sync": {
              "post": {
                "operationId": "sync",
                "summary": "A hub pushes a FHIR R4 transaction Bundle of conditional creates and updates; each resource is stored once.",
                "security": [{"deviceToken": []}],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/fhir+json": {"schema": {"$ref": "#/components/schemas/TransactionBundle"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/TransactionBundle"}}
                  }
                },
                "responses": {
                  "200": {
                    "description": "The transaction-response: per entry 201 Created (stored now) or 200 OK (stored before, or updated), with its location.",
                    "content": {"application/fhir+json": {"schema": {"$ref": "#/components/schemas/TransactionResponse"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/patients/{id}/orders": {
              "post": {
                "operationId": "writeOrder",
                "summary": "A clinician of the patient's clinic writes a medication order (FHIR R4 MedicationRequest) that the patient's hub pulls; a retried write with the same identifier answers the stored order.",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/fhir+json": {"schema": {"$ref": "#/components/schemas/NewMedicationRequest"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/NewMedicationRequest"}}
                  }
                },
                "responses": {
                  "201": {
                    "description": "The stored order, version 1.",
                    "content": {"application/fhir+json": {"schema": {"$ref": "#/components/schemas/MedicationRequest"}}}
                  },
                  "200": {
                    "description": "The order already stored with this identifier (a retried write).",
                    "content": {"application/fhir+json": {"schema": {"$ref": "#/components/schemas/MedicationRequest"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              },
              "get": {
                "operationId": "listOrders",
                "summary": "The patient's medication orders, for a clinician of her clinic, the patient herself and a caregiver she granted.",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "responses": {
                  "200": {
                    "description": "The orders, in the order their current versions were written.",
                    "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/MedicationRequest"}}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/patients/{id}/orders/{order}/stop": {
              "post": {
                "operationId": "stopOrder",
                "summary": "A clinician of the patient's clinic stops an order: its next version, status stopped. Stopping a stopped order changes nothing.",
                "parameters": [
                  {"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}},
                  {"name": "order", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}
                ],
                "responses": {
                  "200": {
                    "description": "The stopped order.",
                    "content": {"application/fhir+json": {"schema": {"$ref": "#/components/schemas/MedicationRequest"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/sync/orders": {
              "get": {
                "operationId": "pullOrders",
                "summary": "A hub pulls its patient's orders changed after its cursor (a change sequence; 0 or none for all), oldest change first.",
                "security": [{"deviceToken": []}],
                "parameters": [{"name": "after", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 0, "format": "int64"}}],
                "responses": {
                  "200": {
                    "description": "The orders and the cursor to send next time.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OrderPull"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/questionnaires": {
              "get": {
                "operationId": "listQuestionnaires",
                "summary": "The clinic-wide questionnaire library: FHIR R4 Questionnaires (seeded with KidneyHub's own symptom check).",
                "responses": {
                  "200": {
                    "description": "The questionnaires.",
                    "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Questionnaire"}}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/patients/{id}/questionnaires": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
              "post": {
                "operationId": "assignQuestionnaire",
                "summary": "A clinician assigns a questionnaire of the library to a patient of her clinic; assigning it again answers 200 with the same assignment.",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewAssignment"}}}
                },
                "responses": {
                  "200": {
                    "description": "The assignment made before.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Assignment"}}}
                  },
                  "201": {
                    "description": "The new assignment.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Assignment"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              },
              "get": {
                "operationId": "listAssignedQuestionnaires",
                "summary": "The questionnaires assigned to the patient (her clinicians, she herself or her hub's device token, her caregivers).",
                "security": [{"token": []}, {"deviceToken": []}],
                "responses": {
                  "200": {
                    "description": "The assignments, oldest first.",
                    "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Assignment"}}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/patients/{id}/questionnaire-responses": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
              "post": {
                "operationId": "answerQuestionnaire",
                "summary": "The patient (or her hub) answers an assigned questionnaire; validated against it (required items, answer types, ranges; errors name the linkId). A conditional create on the identifier: the same identifier again answers 200 and stores nothing.",
                "security": [{"token": []}, {"deviceToken": []}],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/fhir+json": {"schema": {"$ref": "#/components/schemas/QuestionnaireResponse"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/QuestionnaireResponse"}}
                  }
                },
                "responses": {
                  "200": {
                    "description": "The answer with this identifier, stored before.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredQuestionnaireResponse"}}}
                  },
                  "201": {
                    "description": "The answer, stored now, with its symptom score.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredQuestionnaireResponse"}}}
                  },
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"}
                }
              },
              "get": {
                "operationId": "listQuestionnaireResponses",
                "summary": "The patient's answers with their symptom scores, oldest first.",
                "security": [{"token": []}, {"deviceToken": []}],
                "responses": {
                  "200": {
                    "description": "The answers.",
                    "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/StoredQuestionnaireResponse"}}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/api/v1/patients/{id}/symptom-scores": {
              "get": {
                "operationId": "symptomScores",
                "summary": "The patient's symptom score over time: one point per answer, with the score's definition.",
                "security": [{"token": []}, {"deviceToken": []}],
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
                "responses": {
                  "200": {
                    "description": "The time series.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SymptomScores"}}}
                  },
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"}
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
              "token": {"type": "apiKey", "in": "header", "name": "Authorization", "description": "`Token <token>` from POST /get_auth_token/."},
              "deviceToken": {"type": "http", "scheme": "bearer", "description": "A hub's device token from POST /api/v1/enrollments."}
            },
            "responses": {
              "Problem": {
                "description": "RFC 9457 problem details.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
              }
            },
            "schemas": {
              "Timing": {
                "type": "object",
                "description": "FHIR R4 Timing; the hub reads repeat's frequency, period, periodUnit (s min h d wk mo a), dayOfWeek, timeOfDay (HH:MM:00), when (event codes) with offset, count, duration, boundsDuration and boundsPeriod, and checks FHIR's invariants.",
                "properties": {"repeat": {"type": "object"}}
              },
              "Dosage": {
                "type": "object",
                "description": "FHIR R4 Dosage: timing (a schedule) or asNeeded, doseAndRate[0].doseQuantity or doseRange with a UCUM or dose-unit code, route by SNOMED CT code.",
                "properties": {
                  "timing": {"$ref": "#/components/schemas/Timing"},
                  "asNeededBoolean": {"type": "boolean"},
                  "asNeededCodeableConcept": {"type": "object"},
                  "doseAndRate": {"type": "array", "items": {"type": "object"}},
                  "route": {"type": "object"},
                  "text": {"type": "string"},
                  "extension": {"type": "array", "items": {"type": "object"}}
                }
              },
              "NewMedicationRequest": {
                "type": "object",
                "additionalProperties": false,
                "required": ["medicationCodeableConcept", "dosageInstruction"],
                "description": "A FHIR R4 MedicationRequest. The server sets id, status (active), intent (order), subject, requester and authoredOn; an identifier with system urn:kidneyhub:medication-order and a UUID value makes a retried write idempotent.",
                "properties": {
                  "resourceType": {"const": "MedicationRequest"},
                  "identifier": {"type": "array", "items": {"type": "object", "properties": {"system": {"type": "string"}, "value": {"type": "string"}}}},
                  "status": {"const": "active"},
                  "intent": {"const": "order"},
                  "medicationCodeableConcept": {
                    "type": "object",
                    "properties": {"text": {"type": "string", "maxLength": 200}, "coding": {"type": "array", "items": {"type": "object"}}}
                  },
                  "dosageInstruction": {"type": "array", "minItems": 1, "maxItems": 10, "items": {"$ref": "#/components/schemas/Dosage"}},
                  "reasonCode": {"type": "array", "items": {"type": "object"}},
                  "note": {"type": "array", "items": {"type": "object"}},
                  "subject": {"type": "object"},
                  "requester": {"type": "object"},
                  "authoredOn": {"type": "string"},
                  "meta": {"type": "object"}
                }
              },
              "MedicationRequest": {
                "type": "object",
                "required": ["resourceType", "id", "identifier", "status", "intent", "medicationCodeableConcept", "subject", "requester", "authoredOn", "dosageInstruction", "meta"],
                "properties": {
                  "resourceType": {"const": "MedicationRequest"},
                  "id": {"type": "string", "format": "uuid"},
                  "identifier": {"type": "array", "items": {"type": "object"}},
                  "status": {"enum": ["active", "stopped"]},
                  "intent": {"const": "order"},
                  "medicationCodeableConcept": {"type": "object"},
                  "subject": {"type": "object", "required": ["reference"], "properties": {"reference": {"type": "string"}}},
                  "requester": {"type": "object", "properties": {"reference": {"type": "string"}, "display": {"type": "string"}}},
                  "authoredOn": {"type": "string", "format": "date-time"},
                  "dosageInstruction": {"type": "array", "items": {"$ref": "#/components/schemas/Dosage"}},
                  "meta": {
                    "type": "object",
                    "required": ["versionId", "lastUpdated"],
                    "properties": {"versionId": {"type": "string"}, "lastUpdated": {"type": "string", "format": "date-time"}}
                  }
                }
              },
              "OrderPull": {
                "type": "object",
                "additionalProperties": false,
                "required": ["orders", "cursor"],
                "properties": {
                  "orders": {"type": "array", "items": {"$ref": "#/components/schemas/MedicationRequest"}},
                  "cursor": {"type": "integer", "description": "The change sequence to send as after next time."}
                }
              },
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
              "EnrollmentCode": {
                "type": "object",
                "additionalProperties": false,
                "required": ["code", "patient_id", "expires_at"],
                "properties": {
                  "code": {"type": "string", "description": "20 characters of Crockford's base32 in four groups of five."},
                  "patient_id": {"type": "integer"},
                  "expires_at": {"type": "string", "format": "date-time"}
                }
              },
              "NewEnrollment": {
                "type": "object",
                "additionalProperties": false,
                "required": ["code"],
                "properties": {"code": {"type": "string", "maxLength": 64}}
              },
              "Enrollment": {
                "type": "object",
                "additionalProperties": false,
                "required": ["token", "patient", "patient_id"],
                "properties": {
                  "token": {"type": "string"},
                  "patient": {"type": "string", "description": "Patient/<id>, the subject every pushed resource names."},
                  "patient_id": {"type": "integer"}
                }
              },
              "TransactionBundle": {
                "type": "object",
                "required": ["resourceType", "type"],
                "description": "A FHIR R4 Bundle of type transaction about the enrolled patient; each entry a conditional create (POST, request.ifNoneExist = identifier=<system>|<value>) of an Observation (a reading, a lab result) or a MedicationAdministration (a dose), or a conditional update (PUT Observation?identifier=<system>|<value>, with meta.lastUpdated) of an Observation (a daily intake total).",
                "properties": {
                  "resourceType": {"const": "Bundle"},
                  "type": {"const": "transaction"},
                  "entry": {
                    "type": "array",
                    "maxItems": 1000,
                    "items": {
                      "type": "object",
                      "required": ["resource", "request"],
                      "properties": {
                        "fullUrl": {"type": "string"},
                        "resource": {"type": "object"},
                        "request": {
                          "type": "object",
                          "required": ["method", "url"],
                          "properties": {
                            "method": {"enum": ["POST", "PUT"]},
                            "url": {"type": "string"},
                            "ifNoneExist": {"type": "string"}
                          }
                        }
                      }
                    }
                  }
                }
              },
              "TransactionResponse": {
                "type": "object",
                "required": ["resourceType", "type", "entry"],
                "properties": {
                  "resourceType": {"const": "Bundle"},
                  "type": {"const": "transaction-response"},
                  "entry": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["response"],
                      "properties": {
                        "response": {
                          "type": "object",
                          "required": ["status", "location"],
                          "properties": {"status": {"type": "string"}, "location": {"type": "string"}}
                        }
                      }
                    }
                  }
                }
              },
              "Questionnaire": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "url", "version", "title", "resource"],
                "properties": {
                  "id": {"type": "integer"},
                  "url": {"type": "string"},
                  "version": {"type": "string"},
                  "title": {"type": "string"},
                  "resource": {"type": "object", "description": "The FHIR R4 Questionnaire."}
                }
              },
              "NewAssignment": {
                "type": "object",
                "additionalProperties": false,
                "required": ["questionnaire"],
                "properties": {"questionnaire": {"type": "integer", "minimum": 1, "maximum": 2147483647, "description": "The library id."}}
              },
              "Assignment": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "patient_id", "assigned_at", "questionnaire"],
                "properties": {
                  "id": {"type": "integer"},
                  "patient_id": {"type": "integer"},
                  "assigned_at": {"type": "string"},
                  "questionnaire": {"$ref": "#/components/schemas/Questionnaire"}
                }
              },
              "QuestionnaireResponse": {
                "type": "object",
                "required": ["resourceType", "identifier", "questionnaire", "status", "authored", "item"],
                "description": "A FHIR R4 QuestionnaireResponse to an assigned questionnaire, with a stable identifier.",
                "properties": {
                  "resourceType": {"const": "QuestionnaireResponse"},
                  "identifier": {
                    "type": "object",
                    "required": ["system", "value"],
                    "properties": {"system": {"type": "string", "maxLength": 256}, "value": {"type": "string", "maxLength": 256}}
                  },
                  "questionnaire": {"type": "string", "description": "The questionnaire's canonical URL, optionally with |version."},
                  "status": {"const": "completed"},
                  "subject": {"type": "object", "properties": {"reference": {"type": "string"}}},
                  "authored": {"type": "string", "format": "date-time"},
                  "item": {
                    "type": "array",
                    "maxItems": 200,
                    "items": {
                      "type": "object",
                      "required": ["linkId"],
                      "properties": {
                        "linkId": {"type": "string"},
                        "text": {"type": "string"},
                        "answer": {"type": "array", "items": {"type": "object"}}
                      }
                    }
                  }
                }
              },
              "StoredQuestionnaireResponse": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "questionnaire_id", "authored", "score", "resource"],
                "properties": {
                  "id": {"type": "integer"},
                  "questionnaire_id": {"type": "integer"},
                  "authored": {"type": "string"},
                  "score": {"type": "integer", "minimum": 0, "description": "The symptom score: the sum of the integer answers."},
                  "resource": {"type": "object", "description": "The FHIR R4 QuestionnaireResponse as stored."}
                }
              },
              "SymptomScores": {
                "type": "object",
                "additionalProperties": false,
                "required": ["patient_id", "definition", "points"],
                "properties": {
                  "patient_id": {"type": "integer"},
                  "definition": {"type": "string"},
                  "points": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "additionalProperties": false,
                      "required": ["response_id", "questionnaire_id", "questionnaire", "authored", "score", "maximum_score"],
                      "properties": {
                        "response_id": {"type": "integer"},
                        "questionnaire_id": {"type": "integer"},
                        "questionnaire": {"type": "string"},
                        "authored": {"type": "string"},
                        "score": {"type": "integer", "minimum": 0},
                        "maximum_score": {"type": "integer", "minimum": 0}
                      }
                    }
                  }
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
