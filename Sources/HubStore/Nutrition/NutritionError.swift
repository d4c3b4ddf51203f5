import Care
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// A write transaction whose errors arrive as `NutritionError`.
    func nutritionWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(NutritionError)
        -> T
    {
        do {
            return try await pool.write(body)
        } catch let error as NutritionError {
            throw error
        } catch let error as PatientRecordError {
            throw .patientRecord(error)
        } catch {
            throw .database("\(error)")
        }
    }

    /// A read whose errors arrive as `NutritionError`.
    func nutritionRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(NutritionError)
        -> T
    {
        do {
            return try await pool.read(body)
        } catch let error as NutritionError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }
}
