import CareServer
import Foundation
import HTTPTypes
import Testing

@Suite("Care server bad input", .throwawayCluster)
struct BadInputTests {
    @Test("wrong types, out-of-range values and unknown fields answer 400 naming the field; nothing is written")
    func fieldErrors() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let cases: [(body: String, expected: String)] = [
                (
                    #"{"symptoms":[{"symptom_no":1,"scale":"eleven"}]}"#,
                    #"{"symptoms":{"0":{"scale":["A valid integer is required."]}}}"#
                ),
                (
                    #"{"symptoms":[{"symptom_no":1,"scale":11}]}"#,
                    #"{"symptoms":{"0":{"scale":["Ensure this value is less than or equal to 10."]}}}"#
                ),
                (
                    #"{"symptoms":[{"symptom_no":1,"scale":-1}]}"#,
                    #"{"symptoms":{"0":{"scale":["Ensure this value is greater than or equal to 0."]}}}"#
                ),
                (
                    #"{"symptoms":[{"symptom_no":1,"scale":2},{"symptom_no":"one","scale":1}]}"#,
                    #"{"symptoms":{"1":{"symptom_no":["A valid integer is required."]}}}"#
                ),
                (#"{"symptoms":[{"symptom_no":1}]}"#, #"{"symptoms":{"0":{"scale":["This field is required."]}}}"#),
                (#"{}"#, #"{"symptoms":["This field is required."]}"#),
                (
                    #"{"symptoms":{"a":1}}"#,
                    #"{"symptoms":{"non_field_errors":["Expected a list of items but got type \"dict\"."]}}"#
                ),
                (#"{"symptoms":[],"severity":"high"}"#, #"{"severity":["Unknown field."]}"#),
                (
                    #"{"symptoms":[{"symptom_no":1,"scale":2,"note":"x"}]}"#,
                    #"{"symptoms":{"0":{"note":["Unknown field."]}}}"#
                ),
                (#"[1,2]"#, #"{"non_field_errors":["Invalid data. Expected a dictionary, but got list."]}"#),
            ]
            for (body, expected) in cases {
                let answer = try await harness.send(.post, "/sym/", token: ada.token, json: body)
                #expect(answer.status == .badRequest, "\(body)")
                #expect(
                    NSDictionary(dictionary: answer.object) == NSDictionary(dictionary: try object(expected)),
                    "\(body) answered \(answer.text)"
                )
            }
            let tooMany =
                "{\"symptoms\":["
                + Array(repeating: #"{"symptom_no":1,"scale":1}"#, count: 101)
                .joined(separator: ",") + "]}"
            let answer = try await harness.send(.post, "/sym/", token: ada.token, json: tooMany)
            #expect(answer.status == .badRequest)
            #expect(answer.text.contains("no more than 100 elements"))
            #expect(try await harness.send(.get, "/sym/", token: ada.token).array.isEmpty)
        }
    }

    @Test("a malformed body is 400, an oversized one 413, an unknown media type 415; none writes anything")
    func unreadableBodies() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            #expect(
                try await harness.send(.post, "/sym/", token: ada.token, json: #"{"symptoms":"#).status == .badRequest
            )
            let huge = #"{"symptoms":[],"x":""# + String(repeating: "a", count: 70_000) + "\"}"
            #expect(try await harness.send(.post, "/sym/", token: ada.token, json: huge).status == .contentTooLarge)
            let plain = try await harness.send(
                .post,
                "/sym/",
                token: ada.token,
                json: "symptoms",
                headers: [.contentType: "text/plain"]
            )
            #expect(plain.status == .unsupportedMediaType)
            #expect(try await harness.send(.get, "/sym/", token: ada.token).array.isEmpty)
        }
    }

    @Test("registering a patient twice answers 400 on nhs_number and keeps one account; a role flag is ignored")
    func duplicatesAndRoleFlags() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let body =
                #"{"nhs_number":"9000000001","first_name":"Ada","password":"pw","drug_course_id":"1","month_of_treatment":2,"is_clinician":true,"role":"administrator"}"#
            let first = try await harness.send(.post, "/patients/", token: clinic.clinicianToken, json: body)
            #expect(first.status == .created)
            #expect(first.text.contains("pw") == false)
            let again = try await harness.send(.post, "/patients/", token: clinic.clinicianToken, json: body)
            #expect(again.status == .badRequest)
            #expect((again.object["nhs_number"] as? [String]) == ["A patient with this NHS number already exists."])
            let patients = try await harness.send(.get, "/patients/", token: clinic.clinicianToken)
            #expect(patients.array.count == 1)
            // The body asked for the clinician role: she is a patient all the same.
            let token = try await harness.signIn("9000000001", "pw")
            #expect(try await harness.send(.get, "/patients/", token: token).status == .forbidden)
            #expect(try await harness.send(.get, "/sym/", token: token).status == .ok)

            let bad = try await harness.send(
                .post,
                "/patients/",
                token: clinic.clinicianToken,
                json: #"{"nhs_number":"12345","first_name":" ","password":"p","drug_course_id":-1}"#
            )
            #expect(bad.status == .badRequest)
            #expect((bad.object["nhs_number"] as? [String]) == ["An NHS number is 10 digits."])
            #expect((bad.object["first_name"] as? [String]) == ["This field may not be blank."])
            #expect((bad.object["drug_course_id"] as? [String]) == ["Ensure this value is greater than or equal to 0."])
            #expect((bad.object["month_of_treatment"] as? [String]) == ["This field is required."])
        }
    }

    @Test("the portal's multipart and URL-encoded forms register patients as JSON does")
    func forms() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let boundary = "XyZ123"
            let parts = [
                ("nhs_number", "9000000005"), ("first_name", "Bea"), ("password", "s3cret"),
                ("drug_course_id", "2"), ("month_of_treatment", "3"),
            ]
            let multipart =
                parts.map {
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n"
                }.joined() + "--\(boundary)--\r\n"
            let answer = try await harness.send(
                .post,
                "/patients/",
                token: clinic.clinicianToken,
                json: multipart,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)"]
            )
            #expect(answer.status == .created, "\(answer.text)")
            #expect(answer.object["drug_course_id"] as? Int == 2)
            let form = try await harness.send(
                .post,
                "/patients/",
                token: clinic.clinicianToken,
                json: "nhs_number=9000000006&first_name=Cy+Ng&password=p%26w&drug_course_id=1&month_of_treatment=1",
                headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            #expect(form.status == .created, "\(form.text)")
            #expect(form.object["first_name"] as? String == "Cy Ng")
            #expect(try await harness.signIn("9000000006", "p&w").count == 40)
        }
    }

    private func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }
}
