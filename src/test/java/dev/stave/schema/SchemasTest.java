package dev.stave.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schema that {@code stave schema} exports for editors takes a variable ({@code ${N:-3}}) where a number or a
 * boolean goes, since stave substitutes it before it validates; the one stave validates with does not.
 */
class SchemasTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theExportedSchemaTakesAVariableWhereANumberOrABooleanGoes() throws Exception {
    JsonNode exported = JSON.readTree(Schemas.exported("cluster"));
    assertEquals(JSON.readTree("""
        {"description": "Number of workers, 1 by default.", "anyOf": [
          {"type": "integer", "minimum": 0, "maximum": 10000, "description": "Number of workers, 1 by default."},
          {"type": "string", "pattern": "\\\\$\\\\{"}]}
        """), exported.at("/properties/worker_num"));
    String config = """
        {"kind": "cluster", "name": "c", "worker_num": "${WORKERS:-3}", "create_namespace": "${NS}"}
        """;
    List<String> withVariables = messages(exported, config).stream()
        .filter(m -> m.contains("worker_num") || m.contains("create_namespace")).toList();
    assertEquals(List.of(), withVariables);
    List<String> validated = messages(JSON.readTree(Schemas.text("cluster")), config).stream()
        .filter(m -> m.contains("worker_num") || m.contains("create_namespace")).sorted().toList();
    assertEquals(List.of("$.create_namespace: string found, boolean expected",
        "$.worker_num: string found, integer expected"), validated);
    // Text without a variable is still no number.
    assertEquals(List.of("$.worker_num: string found, integer expected",
        "$.worker_num: does not match the regex pattern \\$\\{"),
        messages(exported, config.replace("${WORKERS:-3}", "three")).stream()
            .filter(m -> m.contains("worker_num")).toList());
  }

  /** A number in a list of types without "string" (workers: 4 or {minimum, maximum}) takes a variable too. */
  @Test
  void theExportedSchemaTakesAVariableWhereATypeListHasANumberButNoString() throws Exception {
    JsonNode exported = JSON.readTree(Schemas.exported("benchmark"));
    String config = """
        {"kind": "benchmark", "name": "b", "run": {"function": "m.run"}, "dask_cluster": {"workers": "${W:-4}"}}
        """;
    assertEquals(List.of(), messages(exported, config));
    assertEquals(List.of("$.dask_cluster.workers: string found, [integer, object] expected"),
        messages(JSON.readTree(Schemas.text("benchmark")), config));
    // A list with "string" takes any string already: it is left as it is.
    assertEquals(JSON.readTree(Schemas.text("cluster")).at("/properties/worker_cache_mem"),
        JSON.readTree(Schemas.exported("cluster")).at("/properties/worker_cache_mem"));
  }

  /**
   * One of a list of values, a const and text of a pattern take a variable too (dispatch_model: ${M:-gke}); the
   * keys that propertyNames checks are not substituted, and an "if" is left as it is, so that a variable does not
   * pick its "then".
   */
  @Test
  void theExportedSchemaTakesAVariableWhereOneOfAListOfValuesGoes() throws Exception {
    JsonNode exported = JSON.readTree(Schemas.exported("experiment"));
    String config = """
        {"kind": "experiment", "name": "e", "image": "x/y:1", "dispatch_model": "${M:-gke}", "processes": {"p":
          {"command": ["x"], "image_pull_policy": "${P}", "schedule": {"assign_to": "${A}", "node_pool_name": "n"}}}}
        """;
    assertEquals(List.of(), messages(exported, config));
    assertEquals(List.of("$.dispatch_model: does not have a value in the enumeration [\"symphony\", \"gke\"]"),
        messages(JSON.readTree(Schemas.text("experiment")), config).stream()
            .filter(m -> m.contains("dispatch_model")).toList());
    JsonNode shipped = JSON.readTree(Schemas.text("experiment"));
    String schedule = "/$defs/process/properties/schedule/allOf/0";
    assertEquals(shipped.at(schedule + "/if"), exported.at(schedule + "/if"));
    assertEquals(shipped.at(schedule + "/then/propertyNames"), exported.at(schedule + "/then/propertyNames"));
  }

  private static List<String> messages(JsonNode schema, String config) throws Exception {
    return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema)
        .validate(JSON.readTree(config)).stream().map(ValidationMessage::getMessage).toList();
  }
}
