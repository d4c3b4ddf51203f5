import Testing

@testable import CareServer

@Suite("Care server problem details (RFC 9457)")
struct ProblemDetailsTests {
    @Test("a refused body names every field by JSON pointer, list items in numeric order, names escaped")
    func fieldPointers() {
        let error = APIError.invalid([
            "symptoms": .nested([
                "10": .nested(["scale": .messages(["Ensure this value is less than or equal to 10."])]),
                "2": .nested(["symptom_no": .messages(["A valid integer is required."])]),
            ]),
            "a/b~c": .messages(["Unknown field."]),
        ])
        let problem = ProblemDetails(error)
        #expect(problem.status == 400)
        #expect(problem.title == "Bad Request")
        #expect(
            problem.errors?.map(\.pointer) == ["#/a~1b~0c", "#/symptoms/2/symptom_no", "#/symptoms/10/scale"]
        )
        #expect(problem.detail.contains("symptoms/10/scale: Ensure this value is less than or equal to 10."))
    }

    @Test("other refusals carry their plain detail and no field list")
    func plainRefusals() {
        let problem = ProblemDetails(.throttled(retryAfterSeconds: 30))
        #expect(problem.status == 429)
        #expect(problem.errors == nil)
        #expect(problem.detail == "Request was throttled. Expected available in 30 seconds.")
    }
}
