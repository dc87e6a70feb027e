/// The OpenAPI 3.1 document of the admin API, served at `GET /__admin/openapi.json`.
///
/// Written by hand, so that its descriptions say what a user needs; `AdminAPITests` checks that it
/// names every endpoint and method the server answers, and CI runs schemathesis against a live
/// server with it. The document describes the server that serves it: on loopback the bearer token
/// is optional (an empty security requirement), elsewhere it is required.
enum OpenAPIDocument {
    /// The document as JSON text, for a server whose admin API has `access`.
    static func json(access: AdminAccess) -> String {
        let security = access == .open ? #"[{}, {"bearer": []}]"# : #"[{"bearer": []}]"#
        return #"""
            {
              "openapi": "3.1.0",
              "info": {
                "title": "beagle-mock admin API",
                "version": "\#(beagleMockVersion)",
                "summary": "Inspect and steer a running beagle-mock: health, the request journal, runtime settings, reset, routes, scenarios.",
                "description": "Every answer but the dashboard page and the CA certificate is JSON, never delayed, faulted or journalled. GET /__admin/health, /__admin/ca.pem and /__admin/ca.crt are always open. Bound to a loopback address (127.0.0.0/8, ::1, localhost) the rest is open to requests addressed to this server (a Host of localhost, a loopback address or an address it is bound to; 403 otherwise) that are not changes sent by a web page of another origin (403); bound to any other address it needs `Authorization: Bearer <token>` with the server's --admin-token (401 otherwise, with `WWW-Authenticate: Bearer`), and answers 403 when the server has no token. A method an endpoint does not answer gets 405 with `Allow`; any other path under /__admin gets 404. OPTIONS gets 204 with `Allow`. The admin API grants no CORS access to other origins: its answers carry no CORS header and a CORS preflight gets 403."
              },
              "servers": [{"url": "/", "description": "the server that serves this document"}],
              "security": \#(security),
              "paths": {
                "/__admin/": {
                  "get": {
                    "operationId": "getDashboard",
                    "summary": "The dashboard: one HTML page (Docs/Dashboard.md).",
                    "description": "Served without a token even where the admin API needs one: the page holds no data and asks for the token itself, then sends it with every call. Every other rule of the admin API applies (403 for another Host on loopback, and where the admin API is off). `/__admin` without the slash is the same page.",
                    "security": [{}, {"bearer": []}],
                    "responses": {
                      "200": {"description": "The page.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"text/html": {"schema": {"type": "string"}}}},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/events": {
                  "get": {
                    "operationId": "streamEvents",
                    "summary": "The live journal, as server-sent events.",
                    "description": "A stream that stays open: `event: request` with an entry's JSON (the shape of GET /__admin/requests/{id}) when a request is read and again when it is answered, `id:` its journal id, and a comment every 10 s. A client that reads slower than requests arrive loses the oldest entries it has not read (it keeps the newest 512). The stream ends when the server stops; `retry: 1000` asks a browser to reconnect after a second.",
                    "responses": {
                      "200": {"description": "The stream.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/screen": {
                  "get": {
                    "operationId": "previewScreen",
                    "summary": "A route's screen as a platform gets it, with its diagnostics.",
                    "description": "The file the route resolves to for the platform, its body with the beaglePlatform filter applied (a template rendered with sample values first, as `beagle-mock validate` does) and what validate says about the file. Nothing is journalled, counted, delayed or faulted.",
                    "parameters": [
                      {"name": "route", "in": "query", "required": true, "description": "The route, as a request path or a pattern of the route list.", "schema": {"type": "string", "pattern": "^/"}, "examples": {"home": {"value": "/home"}, "pattern": {"value": "/product/[id]"}}},
                      {"name": "platform", "in": "query", "required": false, "description": "The platform the client announces; empty or absent for none.", "schema": {"type": "string", "enum": ["IOS", "ANDROID", "WEB", ""]}}
                    ],
                    "responses": {
                      "200": {"description": "The screen.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScreenPreview"}}}},
                      "400": {"description": "`route` does not start with / or `platform` is not a request platform.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryError"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "404": {"description": "No screen answers the route for that platform (or it is an image or asset).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                      "500": {"description": "The screens folder cannot be listed (it was removed).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                    }
                  }
                },
                "/__admin/health": {
                  "get": {
                    "operationId": "getHealth",
                    "summary": "Whether the server is up, always open (for health checks).",
                    "security": [],
                    "responses": {
                      "200": {"description": "The server is up.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/ca.pem": {
                  "get": {
                    "operationId": "getCAPEM",
                    "summary": "The local CA's certificate in PEM (never its key), always open: what clients trust for --tls-port.",
                    "security": [],
                    "responses": {
                      "200": {"description": "The certificate.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/x-pem-file": {"schema": {"type": "string"}}}},
                      "404": {"description": "No local CA: the server serves no HTTPS, or a certificate of its own (--tls-cert).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/ca.crt": {
                  "get": {
                    "operationId": "getCADER",
                    "summary": "The local CA's certificate in DER, always open: a phone's browser offers to install it.",
                    "security": [],
                    "responses": {
                      "200": {"description": "The certificate.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/x-x509-ca-cert": {"schema": {"type": "string", "format": "binary"}}}},
                      "404": {"description": "No local CA: the server serves no HTTPS, or a certificate of its own (--tls-cert).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/requests": {
                  "get": {
                    "operationId": "listRequests",
                    "summary": "The request journal, newest first.",
                    "description": "Every request the server has read but CORS preflights and the admin API's own, in a ring of --journal-size entries (default 1,000). An entry is written once the request has been read and completed when it ends: while it is in flight (a hang, a long latency) `outcome`, `status` and `durationMs` are null.",
                    "parameters": [
                      {"name": "limit", "in": "query", "required": false, "description": "At most this many entries (the newest).", "schema": {"type": "integer", "minimum": 1}},
                      {"name": "path", "in": "query", "required": false, "description": "Only entries whose decoded path matches this route pattern, as in route rules: `*` is one segment, `**` any depth (`/checkout/**`).", "schema": {"type": "string", "pattern": "^/"}, "examples": {"subtree": {"value": "/checkout/**"}, "one": {"value": "/home"}}}
                    ],
                    "responses": {
                      "200": {
                        "description": "The matching entries.",
                        "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}},
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JournalPage"}}},
                        "links": {"NewestEntry": {"operationId": "getRequest", "parameters": {"id": "$response.body#/requests/0/id"}, "description": "The newest entry, alone."}}
                      },
                      "400": {"description": "`limit` is not a whole number of at least 1, or `path` is not a route pattern.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryError"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  },
                  "delete": {
                    "operationId": "clearRequests",
                    "summary": "Empties the journal.",
                    "responses": {
                      "200": {"description": "The journal is empty; ids go on from where they were.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cleared"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/requests/{id}": {
                  "get": {
                    "operationId": "getRequest",
                    "summary": "One journal entry.",
                    "parameters": [
                      {"name": "id", "in": "path", "required": true, "description": "The entry's id, as listed by GET /__admin/requests.", "schema": {"type": "integer", "minimum": 0}}
                    ],
                    "responses": {
                      "200": {"description": "The entry.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JournalEntry"}}}},
                      "400": {"description": "The id is not a whole number.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "404": {"description": "No such entry: the journal was cleared, newer requests pushed it out, or there never was one.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/settings": {
                  "get": {
                    "operationId": "getSettings",
                    "summary": "The runtime overrides in force (null: not overridden).",
                    "responses": {
                      "200": {"description": "The overrides.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  },
                  "put": {
                    "operationId": "putSettings",
                    "summary": "Replaces the runtime overrides, all or nothing.",
                    "description": "The layer just below per-request control and above route rules, command-line flags and the config file. Each key absent or null means not overridden; `faults: []` clears every lower layer's faults. An invalid body changes nothing and gets 400 naming the field. Sequence counters are kept (POST /__admin/reset clears them).",
                    "requestBody": {
                      "required": true,
                      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SettingsInput"}, "examples": {
                        "outage": {"summary": "every request gets 503", "value": {"faults": ["status:503"]}},
                        "slow": {"summary": "a slow network", "value": {"latency": "100ms..400ms", "bandwidth": "64KiB/s"}},
                        "mixed": {"value": {"faults": ["status:500@0.1", {"fault": "reset", "rate": 0.05}], "echo": ["beagle-platform"], "seed": 7}}
                      }}}
                    },
                    "responses": {
                      "200": {"description": "The overrides now in force.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}},
                      "400": {"description": "The body is not valid settings; nothing changed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SettingsError"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                      "413": {"$ref": "#/components/responses/TooLarge"}
                    }
                  }
                },
                "/__admin/reset": {
                  "post": {
                    "operationId": "reset",
                    "summary": "Clears the journal, the sequence counters and the runtime overrides, and puts every scenario back in start.",
                    "responses": {
                      "200": {"description": "Reset done.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ResetResult"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                      "413": {"$ref": "#/components/responses/TooLarge"}
                    }
                  }
                },
                "/__admin/routes": {
                  "get": {
                    "operationId": "listRoutes",
                    "summary": "Every servable route, its files and whether its screens are valid.",
                    "responses": {
                      "200": {"description": "The routes, sorted by path, and the files a reserved route shadows.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RouteList"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                      "500": {"description": "The screens folder cannot be listed (it was removed).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                    }
                  }
                },
                "/__admin/scenarios": {
                  "get": {
                    "operationId": "listScenarios",
                    "summary": "Every scenario the config's route rules name, with its state now.",
                    "description": "A rule with `scenario: {name, state, next}` matches only while its scenario is in `state` and, when it answers, moves the scenario to `next`. Every scenario starts in `start`; POST /__admin/reset puts every one back there.",
                    "responses": {
                      "200": {"description": "The scenarios, sorted by name (an empty list when the config names none).", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScenarioList"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                },
                "/__admin/scenarios/{name}": {
                  "put": {
                    "operationId": "setScenarioState",
                    "summary": "Puts one scenario in a state.",
                    "parameters": [
                      {"name": "name", "in": "path", "required": true, "description": "The scenario's name, as the config writes it. A path segment cannot hold a control character, `/` or `\\`, or be `.` or `..` (those get 400 before any scenario is looked up).", "schema": {"type": "string", "pattern": "^(?!\\.\\.?$)[^\\u0000-\\u001f\\u007f-\\u009f/\\\\]+$"}}
                    ],
                    "requestBody": {
                      "required": true,
                      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScenarioStateInput"}, "examples": {
                        "filled": {"value": {"state": "filled"}}
                      }}}
                    },
                    "responses": {
                      "200": {"description": "The scenario, now in that state.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Scenario"}}}},
                      "400": {"description": "The body is not `{\"state\": STATE}` with a state the config names for this scenario (the answer's `field` names the field), or the path cannot name a scenario (a control character, an encoded `/`); nothing changed.", "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/SettingsError"}, {"$ref": "#/components/schemas/Error"}]}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "404": {"description": "The config names no scenario of that name.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                      "413": {"$ref": "#/components/responses/TooLarge"}
                    }
                  }
                },
                "/__admin/openapi.json": {
                  "get": {
                    "operationId": "getOpenAPI",
                    "summary": "This document.",
                    "responses": {
                      "200": {"description": "The OpenAPI 3.1 document of the admin API.", "headers": {"Cache-Control": {"$ref": "#/components/headers/NoStore"}}, "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"},
                      "405": {"$ref": "#/components/responses/MethodNotAllowed"}
                    }
                  }
                }
              },
              "components": {
                "securitySchemes": {
                  "bearer": {"type": "http", "scheme": "bearer", "description": "The token the server was started with: --admin-token or BEAGLE_MOCK_ADMIN_TOKEN. Needed only when the server listens beyond loopback."}
                },
                "headers": {
                  "NoStore": {"description": "Admin answers are never cached.", "schema": {"type": "string", "const": "no-store"}},
                  "Allow": {"description": "The methods the endpoint answers.", "required": true, "schema": {"type": "string"}}
                },
                "responses": {
                  "Unauthorized": {
                    "description": "The server listens beyond loopback and the request has no `Authorization: Bearer <token>`, or the wrong token.",
                    "headers": {"WWW-Authenticate": {"required": true, "description": "Always a Bearer challenge, never Basic.", "schema": {"type": "string", "pattern": "^Bearer "}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  },
                  "Forbidden": {
                    "description": "The server listens beyond loopback and was started without a token: the admin API is off.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  },
                  "MethodNotAllowed": {
                    "description": "The endpoint does not answer this method.",
                    "headers": {"Allow": {"$ref": "#/components/headers/Allow"}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  },
                  "TooLarge": {
                    "description": "The request body is larger than 64 KiB.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  }
                },
                "schemas": {
                  "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                      "error": {"type": "string", "description": "What went wrong and how to fix it."},
                      "path": {"type": "string"},
                      "method": {"type": "string"},
                      "allowed": {"type": "array", "items": {"type": "string"}},
                      "suggestions": {"type": "array", "items": {"type": "string"}}
                    },
                    "additionalProperties": false
                  },
                  "Diagnostic": {
                    "type": "object", "required": ["file", "line", "column", "severity", "message"],
                    "description": "One problem `beagle-mock validate` finds, at the file's line and column.",
                    "properties": {
                      "file": {"type": "string"}, "line": {"type": "integer", "minimum": 1}, "column": {"type": "integer", "minimum": 1},
                      "severity": {"type": "string", "enum": ["error", "warning"]}, "message": {"type": "string"}
                    },
                    "additionalProperties": false
                  },
                  "ScreenPreview": {
                    "type": "object",
                    "required": ["route", "platform", "file", "isJSON", "body", "diagnostics"],
                    "properties": {
                      "route": {"type": "string"},
                      "platform": {"type": ["string", "null"], "enum": ["IOS", "ANDROID", "WEB", null]},
                      "file": {"type": "string"},
                      "isJSON": {"type": "boolean"},
                      "body": {"type": "string", "description": "The body as the platform gets it."},
                      "diagnostics": {"type": "array", "items": {"$ref": "#/components/schemas/Diagnostic"}}
                    },
                    "additionalProperties": false
                  },
                  "QueryError": {
                    "type": "object",
                    "required": ["error", "queryParameter", "value"],
                    "properties": {
                      "error": {"type": "string"},
                      "queryParameter": {"type": "string", "enum": ["limit", "path", "route", "platform"]},
                      "value": {"type": "string"}
                    },
                    "additionalProperties": false
                  },
                  "SettingsError": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                      "error": {"type": "string", "description": "The field and what is wrong with it, like `faults[1]: unknown fault \"boom\"`."},
                      "field": {"type": "string", "description": "The field, like `latency` or `faults[1]`; absent when the body as a whole is wrong."}
                    },
                    "additionalProperties": false
                  },
                  "Health": {
                    "type": "object",
                    "required": ["status", "version", "routes", "uptimeSeconds"],
                    "properties": {
                      "status": {"type": "string", "const": "ok"},
                      "version": {"type": "string"},
                      "routes": {"type": "integer", "minimum": 0, "description": "Screens served, by route."},
                      "uptimeSeconds": {"type": "integer", "minimum": 0}
                    },
                    "additionalProperties": false
                  },
                  "JournalEntry": {
                    "type": "object",
                    "required": ["id", "time", "method", "path", "query", "headers", "body", "bodyEncoding", "bodySize", "bodyTruncated", "status", "fault", "latencyMs", "durationMs", "bytes", "outcome", "rule", "proxied", "recorded", "tls"],
                    "properties": {
                      "id": {"type": "integer", "minimum": 1, "description": "Increasing for the server's life; never reused."},
                      "time": {"type": "string", "format": "date-time", "description": "When the request had been read (UTC)."},
                      "method": {"type": "string"},
                      "path": {"type": "string", "description": "The percent-decoded path, without the query."},
                      "query": {"type": "string", "description": "The raw query string without `?`; empty when none."},
                      "headers": {"type": "object", "description": "Values by lower-case header name, in the order sent; `host` restored.", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
                      "body": {"type": "string", "description": "The body's first 64 KiB: text when UTF-8, else base64."},
                      "bodyEncoding": {"type": "string", "enum": ["utf8", "base64"]},
                      "bodySize": {"type": "integer", "minimum": 0, "description": "The whole body's length in bytes."},
                      "bodyTruncated": {"type": "boolean", "description": "True when the body was longer than 64 KiB and `body` holds its start."},
                      "status": {"type": ["integer", "null"], "description": "The status sent; null while in flight or when no status line went out (reset, empty-response, garbage, hang)."},
                      "fault": {"type": ["string", "null"], "description": "The fault drawn, like `status:503` or `reset`; null when none."},
                      "latencyMs": {"type": "number", "minimum": 0, "description": "The latency drawn."},
                      "durationMs": {"type": ["number", "null"], "minimum": 0, "description": "From the start of the request to its end; null while in flight."},
                      "bytes": {"type": "integer", "minimum": 0, "description": "Response body bytes sent."},
                      "outcome": {"type": ["string", "null"], "enum": ["ok", "reset", "closed", "hang-expired", "client-gone", "shutdown", "server-error", null], "description": "How the exchange ended; null while in flight. ok: a whole response; reset and closed: a fault ended the connection; hang-expired: a hang reached --hang-max; client-gone: the client left first; shutdown: the server stopped first; server-error: the server could not finish (a file shrank or became unreadable while sent, or the upstream broke off mid-body)."},
                      "rule": {"type": ["string", "null"], "description": "The route rule that matched, like `/checkout/** [GET]`; null when none did."},
                      "proxied": {"type": "boolean", "description": "True when the upstream (--upstream) answered: no file did, or the route rule says proxy: true."},
                      "recorded": {"type": ["string", "null"], "description": "The file the upstream's answer was saved as by --record, like `screens/home.ios.json`; null when none was."},
                      "tls": {"type": "boolean", "description": "True when the request came over HTTPS (--tls-port)."}
                    },
                    "additionalProperties": false
                  },
                  "JournalPage": {
                    "type": "object",
                    "required": ["requests", "total", "capacity", "dropped"],
                    "properties": {
                      "requests": {"type": "array", "items": {"$ref": "#/components/schemas/JournalEntry"}, "description": "Newest first."},
                      "total": {"type": "integer", "minimum": 0, "description": "Entries in the journal, matched or not."},
                      "capacity": {"type": "integer", "minimum": 1, "description": "How many entries the journal keeps (--journal-size)."},
                      "dropped": {"type": "integer", "minimum": 0, "description": "Entries pushed out by newer ones since the journal was last cleared."}
                    },
                    "additionalProperties": false
                  },
                  "Cleared": {
                    "type": "object",
                    "required": ["cleared"],
                    "properties": {"cleared": {"type": "integer", "minimum": 0, "description": "Entries removed."}},
                    "additionalProperties": false
                  },
                  "Scenario": {
                    "type": "object",
                    "required": ["name", "state", "states"],
                    "properties": {
                      "name": {"type": "string"},
                      "state": {"type": "string", "description": "The state it is in now."},
                      "states": {"type": "array", "items": {"type": "string"}, "description": "Every state its rules name, `start` first."}
                    },
                    "additionalProperties": false
                  },
                  "ScenarioList": {
                    "type": "object",
                    "required": ["scenarios"],
                    "properties": {"scenarios": {"type": "array", "items": {"$ref": "#/components/schemas/Scenario"}}},
                    "additionalProperties": false
                  },
                  "ScenarioStateInput": {
                    "type": "object",
                    "required": ["state"],
                    "properties": {"state": {"type": "string", "description": "One of the scenario's `states`."}},
                    "additionalProperties": false
                  },
                  "ResetResult": {
                    "type": "object",
                    "required": ["journalCleared", "settings"],
                    "properties": {
                      "journalCleared": {"type": "integer", "minimum": 0},
                      "settings": {"$ref": "#/components/schemas/Settings"}
                    },
                    "additionalProperties": false
                  },
                  "Settings": {
                    "type": "object",
                    "required": ["latency", "faults", "bandwidth", "echo", "seed", "profile"],
                    "properties": {
                      "latency": {"type": ["string", "null"], "description": "Like `250ms`, `100ms..400ms`, `lognormal:120ms,0.4`."},
                      "faults": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Fault rules as `SPEC@RATE`."},
                      "bandwidth": {"type": ["string", "null"], "description": "Like `64KiB/s`."},
                      "echo": {"oneOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
                      "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 18446744073709551615},
                      "profile": {"type": ["string", "null"], "enum": ["3g", "edge", "lte", "lossy-wifi", "offline", null]}
                    },
                    "additionalProperties": false
                  },
                  "SettingsInput": {
                    "type": "object",
                    "properties": {
                      "latency": {"type": ["string", "null"], "description": "Fixed `250ms`, `1.5s`, `0`; uniform `100ms..400ms`; log-normal `lognormal:120ms,0.4` with an optional cap `lognormal:120ms,0.4,5s`."},
                      "faults": {
                        "description": "A JSON array of fault rules, each `status:CODE`, `empty-response`, `reset`, `reset-mid-body`, `garbage`, `truncate`, `malformed-chunk`, `malformed-json`, `corrupt`, `hang` or `none`, with a rate from 0 to 1 (`@0.2` or `rate`); rates may sum to at most 1. `[]` clears faults. Any other JSON type (a string included) gets 400 with `field: faults`.",
                        "oneOf": [
                          {"type": "array", "items": {"oneOf": [
                            {"type": "string"},
                            {"type": "object", "required": ["fault"], "properties": {"fault": {"type": "string", "minLength": 1}, "rate": {"type": "number", "minimum": 0, "maximum": 1}}, "additionalProperties": false}
                          ]}},
                          {"type": "null"}
                        ]
                      },
                      "bandwidth": {"type": ["string", "null"], "description": "Like `64KiB/s`, `1MiB/s`, `750kbit/s`, or `unlimited`: from 1 B/s to 10 GiB/s, a fraction of a byte per second dropped; below 1 B/s gets 400."},
                      "echo": {
                        "description": "`true` echoes every request header as `X-Echo-<Name>`, `false` none, a list only those headers.",
                        "oneOf": [
                          {"type": "boolean"},
                          {"type": "array", "items": {"type": "string", "pattern": "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"}},
                          {"type": "null"}
                        ]
                      },
                      "seed": {
                        "description": "The seed of fault draws: a JSON integer. Any other JSON type (a string of digits included) gets 400 with `field: seed`.",
                        "oneOf": [
                          {"type": "integer", "minimum": 0, "maximum": 18446744073709551615},
                          {"type": "null"}
                        ]
                      },
                      "profile": {
                        "description": "A network profile (Docs/LatencyAndFaults.md, \"Network profiles\"): it fills the latency, bandwidth and faults this body does not set.",
                        "oneOf": [
                          {"type": "string", "enum": ["3g", "edge", "lte", "lossy-wifi", "offline"]},
                          {"type": "null"}
                        ]
                      }
                    },
                    "additionalProperties": false
                  },
                  "RouteList": {
                    "type": "object",
                    "required": ["routes", "shadowed"],
                    "properties": {
                      "routes": {"type": "array", "items": {"$ref": "#/components/schemas/Route"}},
                      "shadowed": {"type": "array", "description": "Files of the screens folder never served because /__admin or /__echo is the mock's own.", "items": {
                        "type": "object", "required": ["file", "route", "reason"],
                        "properties": {"file": {"type": "string"}, "route": {"type": "string"}, "reason": {"type": "string"}},
                        "additionalProperties": false
                      }}
                    },
                    "additionalProperties": false
                  },
                  "Variant": {
                    "type": "object",
                    "required": ["platform", "file"],
                    "properties": {"platform": {"type": "string", "enum": ["IOS", "ANDROID", "WEB", "MOBILE"]}, "file": {"type": "string"}},
                    "additionalProperties": false
                  },
                  "Route": {
                    "type": "object",
                    "required": ["path", "kind", "file", "size", "valid", "platforms", "methods", "diagnostics"],
                    "properties": {
                      "path": {"type": "string", "description": "The route, like `/home` or `/images/logo.png`."},
                      "kind": {"type": "string", "enum": ["screen", "asset", "image"]},
                      "file": {"type": ["string", "null"], "description": "The file a GET without platform gets, relative to the screens folder (`images/…` for the images folder); null when only variants or method files exist."},
                      "size": {"type": ["integer", "null"], "minimum": 0, "description": "That file's size in bytes."},
                      "valid": {"type": "boolean", "description": "False when a JSON file of the route has an error."},
                      "platforms": {"type": "array", "items": {"$ref": "#/components/schemas/Variant"}},
                      "methods": {"type": "array", "items": {
                        "type": "object", "required": ["method", "file", "platforms"],
                        "properties": {
                          "method": {"type": "string", "enum": ["POST", "PUT", "PATCH", "DELETE"]},
                          "file": {"type": ["string", "null"]},
                          "platforms": {"type": "array", "items": {"$ref": "#/components/schemas/Variant"}}
                        },
                        "additionalProperties": false
                      }},
                      "diagnostics": {"type": "array", "items": {"$ref": "#/components/schemas/Diagnostic"}}
                    },
                    "additionalProperties": false
                  }
                }
              }
            }
            """#
    }
}
