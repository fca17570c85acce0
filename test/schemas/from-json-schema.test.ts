/**
 * `contentSchemaFromJsonSchema`, the port of `autogen_core.utils.schema_to_pydantic_model`.
 * The cases follow upstream's `tests/test_json_to_pydantic.py`, then pin the converter's
 * quirks and pydantic's validation rules one by one. Every expected value is what AutoGen
 * 0.7.5's converter with pydantic 2.13.4 / CPython 3.11 does with the same schema and payload.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { issuesFromZod } from "../../src/errors.js";
import {
  FormatNotSupportedError,
  MAX_REFERENCE_DEPTH,
  MAX_SCHEMA_DEPTH,
  ReferenceNotFoundError,
  SchemaConversionError,
  UnsupportedKeywordError,
  contentSchemaFromJsonSchema as build,
} from "../../src/schemas/from-json-schema.js";

type Json = Record<string, unknown>;

function parse(schema: z.core.$ZodType, input: unknown): unknown {
  const r = z.safeParse(schema, input);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(issuesFromZod(r.error, input))}`);
  return r.data;
}

/** The issues as the library reports them: `[path, pydantic error type]`. */
function errors(schema: z.core.$ZodType, input: unknown): [string, string][] {
  const r = z.safeParse(schema, input);
  if (r.success) throw new Error(`expected failure, got ${JSON.stringify(r.data)}`);
  return issuesFromZod(r.error, input).map((i) => [i.path.join("."), i.code]);
}

function messages(schema: z.core.$ZodType, input: unknown): string[] {
  const r = z.safeParse(schema, input);
  if (r.success) throw new Error(`expected failure, got ${JSON.stringify(r.data)}`);
  return issuesFromZod(r.error, input).map((i) => i.message);
}

/** A model with one required (or optional) field `f`. */
function field(schema: Json, required = true) {
  return build({ type: "object", properties: { f: schema }, required: required ? ["f"] : [] });
}

const parseF = (schema: Json, value: unknown) => (parse(field(schema), { f: value }) as Json).f;
const failsF = (schema: Json, value: unknown) => errors(field(schema), { f: value });

// pydantic 2.13 `model_json_schema()` of upstream's test models (EmailStr shows as format "email").
const ADDRESS = {
  properties: {
    street: { title: "Street", type: "string" },
    city: { title: "City", type: "string" },
    zipcode: { title: "Zipcode", type: "string" },
  },
  required: ["street", "city", "zipcode"],
  title: "Address",
  type: "object",
};
const EMPLOYEE = {
  properties: {
    id: { format: "uuid", title: "Id", type: "string" },
    name: { title: "Name", type: "string" },
    manager: { anyOf: [{ $ref: "#/$defs/Employee" }, { type: "null" }], default: null },
  },
  required: ["id", "name"],
  title: "Employee",
  type: "object",
};
const USER_PROPS = {
  id: { format: "uuid", title: "Id", type: "string" },
  name: { title: "Name", type: "string" },
  email: { format: "email", title: "Email", type: "string" },
  age: { minimum: 18, title: "Age", type: "integer" },
  address: { $ref: "#/$defs/Address" },
};
const USER_REQUIRED = ["id", "name", "email", "age", "address"];
const UserSchema = { $defs: { Address: ADDRESS }, properties: USER_PROPS, required: USER_REQUIRED, title: "User", type: "object" };
const EmployeeSchema = { $defs: { Employee: EMPLOYEE }, $ref: "#/$defs/Employee" };
const DepartmentSchema = {
  $defs: { Employee: EMPLOYEE },
  properties: {
    name: { title: "Name", type: "string" },
    employees: { items: { $ref: "#/$defs/Employee" }, title: "Employees", type: "array" },
  },
  required: ["name", "employees"],
  title: "Department",
  type: "object",
};
const ComplexSchema = {
  $defs: {
    Address: ADDRESS,
    Employee: EMPLOYEE,
    User: { properties: USER_PROPS, required: USER_REQUIRED, title: "User", type: "object" },
  },
  properties: {
    user: { $ref: "#/$defs/User" },
    extra_info: { anyOf: [{ additionalProperties: true, type: "object" }, { type: "null" }], default: null, title: "Extra Info" },
    sub_items: { items: { $ref: "#/$defs/Employee" }, title: "Sub Items", type: "array" },
    json_string: {
      anyOf: [{ contentMediaType: "application/json", contentSchema: {}, type: "string" }, { type: "null" }],
      default: null,
      title: "Json String",
    },
  },
  required: ["user", "sub_items"],
  title: "ComplexModel",
  type: "object",
};
const ListDictSchema = {
  properties: { data: { items: { additionalProperties: true, type: "object" }, title: "Data", type: "array" } },
  required: ["data"],
  title: "ListDictModel",
  type: "object",
};
const DictListSchema = {
  properties: { mapping: { additionalProperties: { items: {}, type: "array" }, title: "Mapping", type: "object" } },
  required: ["mapping"],
  title: "DictListModel",
  type: "object",
};
const NestedListSchema = {
  properties: { matrix: { items: { items: { type: "string" }, type: "array" }, title: "Matrix", type: "array" } },
  required: ["matrix"],
  title: "NestedListModel",
  type: "object",
};

const U1 = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";
const U2 = "b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12";
const U3 = "c0eebc99-9c0b-4ef8-bb6d-6bb9bd380a13";

const CAT_DOG = {
  Cat: {
    type: "object",
    properties: { pet_type: { type: "string", enum: ["cat"] }, hunting_skill: { type: "string" } },
    required: ["pet_type", "hunting_skill"],
    title: "Cat",
  },
  Dog: {
    type: "object",
    properties: { pet_type: { type: "string", enum: ["dog"] }, pack_size: { type: "integer" } },
    required: ["pet_type", "pack_size"],
    title: "Dog",
  },
};
const PetWrapper = {
  title: "PetWrapper",
  type: "object",
  properties: { pet: { oneOf: [{ $ref: "#/$defs/Cat" }, { $ref: "#/$defs/Dog" }], discriminator: { propertyName: "pet_type" } } },
  required: ["pet"],
  $defs: CAT_DOG,
};

describe("upstream test_json_to_pydantic.py", () => {
  it("builds one field per property (test_json_schema_to_pydantic)", () => {
    expect(Object.keys(build(UserSchema, "User").shape)).toEqual(["id", "name", "email", "age", "address"]);
    expect(Object.keys(build(EmployeeSchema, "Employee").shape)).toEqual(["id", "name", "manager"]);
    expect(Object.keys(build(DepartmentSchema, "Department").shape)).toEqual(["name", "employees"]);
    expect(Object.keys(build(ComplexSchema, "ComplexModel").shape)).toEqual(["user", "extra_info", "sub_items", "json_string"]);
    expect(Object.keys(build(ListDictSchema).shape)).toEqual(["data"]);
    expect(Object.keys(build(DictListSchema).shape)).toEqual(["mapping"]);
    expect(Object.keys(build(NestedListSchema).shape)).toEqual(["matrix"]);
  });

  it("accepts the valid payloads and dumps them with the defaults filled in (test_valid_data_model)", () => {
    const address = { street: "123 Main St", city: "Metropolis", zipcode: "12345" };
    expect(parse(build(UserSchema, "User"), { id: U1, name: "Alice", email: "alice@example.com", age: 25, address })).toEqual({
      id: U1,
      name: "Alice",
      email: "alice@example.com",
      age: 25,
      address,
    });
    const alice = { id: U1, name: "Alice", manager: { id: U2, name: "Bob" } };
    const aliceOut = { id: U1, name: "Alice", manager: { id: U2, name: "Bob", manager: null } };
    expect(parse(build(EmployeeSchema, "Employee"), alice)).toEqual(aliceOut);
    expect(parse(build(DepartmentSchema, "Department"), { name: "Engineering", employees: [alice] })).toEqual({
      name: "Engineering",
      employees: [aliceOut],
    });
    const user = { id: U1, name: "Charlie", email: "charlie@example.com", age: 30, address: { street: "456 Side St", city: "Gotham", zipcode: "67890" } };
    const complex = {
      user,
      extra_info: { hobby: "Chess", level: "Advanced" },
      sub_items: [
        { id: U2, name: "Eve" },
        { id: U3, name: "David", manager: { id: U1, name: "Frank" } },
      ],
      json_string: '{"foo": "bar"}',
    };
    expect(parse(build(ComplexSchema, "ComplexModel"), complex)).toEqual({
      user,
      extra_info: { hobby: "Chess", level: "Advanced" },
      sub_items: [
        { id: U2, name: "Eve", manager: null },
        { id: U3, name: "David", manager: { id: U1, name: "Frank", manager: null } },
      ],
      json_string: '{"foo": "bar"}', // anyOf branches are bare types: a plain str, not Json
    });
  });

  it("rejects the invalid payloads, at pydantic's locations (test_invalid_data_model)", () => {
    expect(
      errors(build(UserSchema, "User"), {
        id: "not-a-uuid",
        name: "Alice",
        email: "not-an-email",
        age: 17,
        address: { street: "123 Main St", city: "Metropolis" },
      }),
    ).toEqual([
      ["id", "uuid_parsing"],
      ["email", "value_error"],
      ["age", "greater_than_equal"],
      ["address.zipcode", "missing"],
    ]);
    expect(errors(build(EmployeeSchema, "Employee"), { id: U1, name: "Alice", manager: { id: "not-a-uuid", name: "Bob" } })).toEqual([
      ["manager.id", "uuid_parsing"],
    ]);
    expect(
      errors(build(DepartmentSchema, "Department"), {
        name: "Engineering",
        employees: [{ id: "not-a-uuid", name: "Alice", manager: { id: U2, name: "Bob" } }],
      }),
    ).toEqual([["employees.0.id", "uuid_parsing"]]);
    expect(
      errors(build(ComplexSchema, "ComplexModel"), {
        user: { id: U1, name: "Charlie", email: "charlie@example.com", age: "thirty", address: { street: "456 Side St", city: "Gotham", zipcode: "67890" } },
        extra_info: "should-be-dictionary",
        sub_items: [
          { id: "invalid-uuid", name: "Eve" },
          { id: U2, name: 123 },
        ],
        json_string: '{"foo": "bar"',
      }),
    ).toEqual([
      ["user.age", "int_parsing"],
      ["extra_info", "dict_type"],
      ["sub_items.0.id", "uuid_parsing"],
      ["sub_items.1.name", "string_type"],
    ]);
  });

  it("handles List[Dict], Dict[str, List] and List[List[str]] (test_*_nested)", () => {
    const data = [{ key1: "value1", key2: 10 }, { another_key: false, nested: { subkey: "data" } }];
    expect(parse(build(ListDictSchema), { data })).toEqual({ data });
    const mapping = { first: ["a", "b", "c"], second: [1, 2, 3, 4], third: [true, false, true] };
    expect(parse(build(DictListSchema), { mapping })).toEqual({ mapping });
    const matrix = [["A", "B"], ["C", "D"], ["E", "F"]];
    expect(parse(build(NestedListSchema), { matrix })).toEqual({ matrix });
    expect(errors(build(ListDictSchema), { data: "should-be-a-list" })).toEqual([["data", "list_type"]]);
    expect(errors(build(DictListSchema), { mapping: ["should-be-a-dictionary"] })).toEqual([["mapping", "dict_type"]]);
    expect(errors(build(NestedListSchema), { matrix: [["A", "B"], "C", ["D", "E"]] })).toEqual([["matrix.1", "list_type"]]);
    // The inner list is a bare `List`: its `items` are not read, anything goes.
    expect(parse(build(NestedListSchema), { matrix: [[1, null]] })).toEqual({ matrix: [[1, null]] });
  });

  it("raises the three conversion errors (test_reference_not_found, test_format_not_supported, test_unsupported_keyword)", () => {
    expect(() => build({ type: "object", properties: { manager: { $ref: "#/$defs/MissingRef" } } }, "MissingRefModel")).toThrow(
      new ReferenceNotFoundError("Reference `MissingRef` not found in cache. Available: []"),
    );
    expect(() => build({ type: "object", properties: { custom_field: { type: "string", format: "unsupported-format" } } }, "UnsupportedFormatModel")).toThrow(
      new FormatNotSupportedError("Unknown format `unsupported-format` for `custom_field` in `UnsupportedFormatModel`"),
    );
    expect(() => build({ type: "object", properties: { broken_field: { title: "Missing type" } } }, "MissingTypeModel")).toThrow(
      new UnsupportedKeywordError("Unsupported or missing type `None` for field `broken_field` in `MissingTypeModel`"),
    );
  });

  it("maps enums to Literal, optional ones to Optional[Literal] (test_enum_field_schema)", () => {
    const Task = build(
      {
        type: "object",
        properties: { status: { type: "string", enum: ["pending", "approved", "rejected"] }, priority: { type: "integer", enum: [1, 2, 3] } },
        required: ["status"],
      },
      "Task",
    );
    expect(parse(Task, { status: "approved", priority: 2 })).toEqual({ status: "approved", priority: 2 });
    expect(parse(Task, { status: "approved" })).toEqual({ status: "approved", priority: null });
    expect(messages(Task, { status: "x" })).toEqual(["Input should be 'pending', 'approved' or 'rejected'"]);
    expect(messages(Task, { status: "approved", priority: "2" })).toEqual(["Input should be 1, 2 or 3"]);
  });

  it("keeps titles and descriptions as field metadata (test_metadata_title_description)", () => {
    const Profile = build(
      {
        title: "CustomerProfile",
        type: "object",
        properties: {
          first_name: { type: "string", title: "First Name", description: "Given name of the user" },
          age: { type: "integer", title: "Age", description: "Age in years" },
          contact: {
            type: "object",
            title: "Contact Information",
            description: "How to reach the user",
            properties: { email: { type: "string", format: "email", title: "Email Address", description: "Primary email" } },
          },
        },
        required: ["first_name"],
      },
      "CustomerProfile",
    );
    expect(z.globalRegistry.get(Profile.shape.first_name)).toMatchObject({ title: "First Name", description: "Given name of the user" });
    expect(z.globalRegistry.get(Profile.shape.age)).toMatchObject({ title: "Age", description: "Age in years" });
    expect(z.globalRegistry.get(Profile.shape.contact)).toMatchObject({ title: "Contact Information", description: "How to reach the user" });
    expect(parse(Profile, { first_name: "Ada", contact: { email: "ada@example.com" } })).toEqual({
      first_name: "Ada",
      age: null,
      contact: { email: "ada@example.com" },
    });
  });

  it("picks the discriminated branch by its tag (test_oneof_with_discriminator)", () => {
    const Model = build(PetWrapper, "PetWrapper");
    expect(parse(Model, { pet: { pet_type: "cat", hunting_skill: "expert" } })).toEqual({ pet: { pet_type: "cat", hunting_skill: "expert" } });
    expect(parse(Model, { pet: { pet_type: "dog", pack_size: 4 } })).toEqual({ pet: { pet_type: "dog", pack_size: 4 } });
  });

  it("validates array branches with their item constraints (test_anyof_array_with_item_constraints)", () => {
    const Model = build(
      {
        type: "object",
        properties: { value: { anyOf: [{ type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 }, { type: "string" }] } },
        required: ["value"],
      },
      "ArrayOrString",
    );
    expect(parse(Model, { value: "hello" })).toEqual({ value: "hello" });
    expect(parse(Model, { value: ["a", "b"] })).toEqual({ value: ["a", "b"] });
    expect(Model.safeParse({ value: ["one", "two", "three", "four"] }).success).toBe(false);
    expect(Model.safeParse({ value: [] }).success).toBe(false);
  });

  it("validates array branches of $ref items (test_oneof_array_with_ref_items)", () => {
    const Model = build(
      {
        type: "object",
        properties: { payload: { oneOf: [{ type: "array", items: { $ref: "#/$defs/Item" }, minItems: 1 }, { type: "integer" }] } },
        required: ["payload"],
        $defs: { Item: { type: "object", properties: { name: { type: "string" }, count: { type: "integer" } }, required: ["name"], title: "Item" } },
      },
      "RefArrayOrInt",
    );
    expect(parse(Model, { payload: 42 })).toEqual({ payload: 42 });
    expect(parse(Model, { payload: [{ name: "widget", count: 5 }, { name: "gadget" }] })).toEqual({
      payload: [
        { name: "widget", count: 5 },
        { name: "gadget", count: null },
      ],
    });
    expect(Model.safeParse({ payload: [] }).success).toBe(false);
  });

  it("merges allOf parts, $refs included (test_allof_merging_with_refs)", () => {
    const Model = build(
      {
        title: "EmployeeWithDepartment",
        allOf: [{ $ref: "#/$defs/Employee" }, { $ref: "#/$defs/Department" }],
        $defs: {
          Employee: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } }, required: ["id", "name"], title: "Employee" },
          Department: { type: "object", properties: { department: { type: "string" } }, required: ["department"], title: "Department" },
        },
      },
      "EmployeeWithDepartment",
    );
    const out = parse(Model, { department: "Engineering", name: "Alice", id: "123" });
    expect(out).toEqual({ id: "123", name: "Alice", department: "Engineering" });
    expect(Object.keys(out as Json)).toEqual(["id", "name", "department"]);
  });

  it("merges a property's allOf into a nested model (test_nested_allof_merging)", () => {
    const Model = build(
      {
        title: "ContainerModel",
        type: "object",
        properties: {
          nested: {
            type: "object",
            properties: {
              data: { allOf: [{ $ref: "#/$defs/Base" }, { type: "object", properties: { extra: { type: "string" } }, required: ["extra"] }] },
            },
            required: ["data"],
          },
        },
        required: ["nested"],
        $defs: { Base: { type: "object", properties: { base_field: { type: "string" } }, required: ["base_field"], title: "Base" } },
      },
      "ContainerModel",
    );
    expect(parse(Model, { nested: { data: { base_field: "abc", extra: "xyz" } } })).toEqual({ nested: { data: { base_field: "abc", extra: "xyz" } } });
    expect(errors(Model, { nested: { data: { base_field: "abc" } } })).toEqual([["nested.data.extra", "missing"]]);
  });

  it.each([
    [{ type: "string", minLength: 3, maxLength: 10, pattern: "^[a-zA-Z0-9_]+$" }, ["user_123", "abc", "Name2023"], ["", "ab", "toolongusername123", "invalid!char"]],
    [{ type: "integer", minimum: 18, maximum: 99 }, [18, 25, 99], [17, 100, -1]],
    [{ type: "number", minimum: 0.0, exclusiveMaximum: 1.0 }, [0.0, 0.5, 0.999], [-0.1, 1.0, 2.5]],
    [{ type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 }, [["a"], ["a", "b"], ["x", "y", "z"]], [[], ["one", "two", "three", "four"]]],
  ])("applies the constraints of %j (test_field_constraints)", (schema, valid, invalid) => {
    const Model = field(schema);
    for (const v of valid) expect(parse(Model, { f: v })).toEqual({ f: v });
    for (const v of invalid) expect(Model.safeParse({ f: v }).success).toBe(false);
  });

  it.each([
    [{ type: "object", properties: { weird: { type: "abc" } }, required: ["weird"] }, "Unsupported or missing type `abc` for field `weird` in `UnknownTypeModel`"],
    [
      { type: "object", properties: { items: { type: "array", items: { type: "abc" } } }, required: ["items"] },
      "Unsupported or missing item type `abc` for array field `items` in `UnknownTypeModel`",
    ],
    [{ type: "object", properties: { choice: { anyOf: [{ type: "string" }, { type: "abc" }] } }, required: ["choice"] }, "Unsupported or missing type `abc` in union"],
  ])("refuses an unknown type (test_unknown_type_raises %#)", (schema, message) => {
    expect(() => build(schema, "UnknownTypeModel")).toThrow(new UnsupportedKeywordError(message));
  });

  it("maps each JSON type to its Python type (test_basic_type_mapping)", () => {
    expect(parseF({ type: "string" }, "x")).toBe("x");
    expect(failsF({ type: "string" }, 5)).toEqual([["f", "string_type"]]); // str never coerces numbers
    expect(parseF({ type: "integer" }, "3_000")).toBe(3000);
    expect(failsF({ type: "integer" }, 1.5)).toEqual([["f", "int_from_float"]]);
    expect(failsF({ type: "integer" }, "1e3")).toEqual([["f", "int_parsing"]]);
    expect(parseF({ type: "boolean" }, "yes")).toBe(true);
    expect(parseF({ type: "boolean" }, "off")).toBe(false);
    expect(failsF({ type: "boolean" }, 2)).toEqual([["f", "bool_parsing"]]);
    expect(parseF({ type: "number" }, "1.5")).toBe(1.5);
    expect(parseF({ type: "array" }, ["x"])).toEqual(["x"]); // no `items`: List[str]
    expect(failsF({ type: "array" }, [1])).toEqual([["f.0", "string_type"]]);
    expect(parseF({ type: "object" }, { a: { b: [1] } })).toEqual({ a: { b: [1] } });
    expect(failsF({ type: "object" }, [])).toEqual([["f", "dict_type"]]);
    expect(parseF({ type: "null" }, null)).toBe(null);
    expect(messages(field({ type: "null" }), { f: 0 })).toEqual(["Input should be None"]);
    expect(errors(field({ type: "null" }), {})).toEqual([["f", "missing"]]);
  });

  it("builds every format of FORMAT_MAPPING (test_format_mapping)", () => {
    const samples: [string, unknown, unknown][] = [
      ["uuid", U1, U1],
      ["uuid1", "a0eebc99-9c0b-1ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-1ef8-bb6d-6bb9bd380a11"],
      ["uuid2", U1, U1],
      ["uuid3", "a0eebc99-9c0b-3ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-3ef8-bb6d-6bb9bd380a11"],
      ["uuid4", U1, U1],
      ["uuid5", "a0eebc99-9c0b-5ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-5ef8-bb6d-6bb9bd380a11"],
      ["email", "a@example.com", "a@example.com"],
      ["uri", "https://Example.COM", "https://example.com/"],
      ["hostname", "example.com", "example.com"],
      ["ipv4", "192.168.0.1", "192.168.0.1"],
      ["ipv6", "2001:DB8::0:1", "2001:db8::1"],
      ["ipv4-network", "10.0.0.1", "10.0.0.1"],
      ["ipv6-network", "::1", "::1"],
      ["date-time", "2024-01-05T10:00:00+01:00", "2024-01-05T10:00:00+01:00"],
      ["date", "2024-01-05", "2024-01-05"],
      ["time", "10:20:30", "10:20:30"],
      ["duration", "PT1H", "PT1H"],
      ["int32", 5, 5],
      ["int64", 5, 5],
      ["float", 1.5, 1.5],
      ["double", "1.5", 1.5],
      ["decimal", "1.5", 1.5],
      ["byte", "abc", "abc"],
      ["binary", "abc", "abc"],
      ["password", "abc", "abc"],
      ["path", "/x/y", "/x/y"],
      ["json", '{"a": [1, 2]}', { a: [1, 2] }],
    ];
    for (const [format, input, output] of samples) expect(parseF({ type: "string", format }, input)).toEqual(output);
  });

  it("refuses an unknown format (test_unknown_format_raises)", () => {
    expect(() => build({ type: "object", properties: { bad_field: { type: "string", format: "definitely-not-a-format" } } }, "UnknownFormatModel")).toThrow(
      new FormatNotSupportedError("Unknown format `definitely-not-a-format` for `bad_field` in `UnknownFormatModel`"),
    );
    expect(() => field({ type: "string", format: "" })).toThrow("Unknown format `` for `f` in `GeneratedModel`");
  });

  it("makes array items with properties nested models (test_array_items_with_object_schema_properties)", () => {
    const Model = build(
      {
        type: "object",
        properties: {
          users: {
            type: "array",
            items: { type: "object", properties: { name: { type: "string" }, email: { type: "string" }, age: { type: "integer" } }, required: ["name", "email"] },
          },
        },
      },
      "UserListModel",
    );
    expect(parse(Model, { users: [{ name: "Alice", email: "alice@example.com", age: "30", x: 1 }, { name: "Bob", email: "bob@example.com" }] })).toEqual({
      users: [
        { name: "Alice", email: "alice@example.com", age: 30 },
        { name: "Bob", email: "bob@example.com", age: null },
      ],
    });
    expect(errors(Model, { users: [{}] })).toEqual([
      ["users.0.name", "missing"],
      ["users.0.email", "missing"],
    ]);
    expect(parse(Model, {})).toEqual({ users: null });
  });

  it("nests models through nested arrays (test_nested_arrays_with_object_schemas)", () => {
    const Model = build(
      {
        type: "object",
        properties: {
          companies: {
            type: "array",
            items: {
              type: "object",
              properties: {
                name: { type: "string" },
                departments: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      name: { type: "string" },
                      employees: {
                        type: "array",
                        items: {
                          type: "object",
                          properties: { name: { type: "string" }, role: { type: "string" }, skills: { type: "array", items: { type: "string" } } },
                          required: ["name", "role"],
                        },
                      },
                    },
                    required: ["name"],
                  },
                },
              },
              required: ["name"],
            },
          },
        },
      },
      "CompanyListModel",
    );
    const out = parse(Model, {
      companies: [
        {
          name: "TechCorp",
          departments: [
            {
              name: "Engineering",
              employees: [
                { name: "Alice", role: "Senior Developer", skills: ["Python", "JavaScript", "Docker"] },
                { name: "Bob", role: "DevOps Engineer", skills: ["Kubernetes", "AWS"] },
              ],
            },
            { name: "Marketing", employees: [{ name: "Carol", role: "Marketing Manager" }] },
          ],
        },
      ],
    });
    expect(out).toEqual({
      companies: [
        {
          name: "TechCorp",
          departments: [
            {
              name: "Engineering",
              employees: [
                { name: "Alice", role: "Senior Developer", skills: ["Python", "JavaScript", "Docker"] },
                { name: "Bob", role: "DevOps Engineer", skills: ["Kubernetes", "AWS"] },
              ],
            },
            { name: "Marketing", employees: [{ name: "Carol", role: "Marketing Manager", skills: null }] },
          ],
        },
      ],
    });
  });
});

describe("required, optional and default", () => {
  it("makes a field without default Optional with default None", () => {
    expect(parse(field({ type: "string" }, false), {})).toEqual({ f: null });
    expect(parse(field({ type: "string" }, false), { f: null })).toEqual({ f: null });
    expect(parse(field({ type: "string", default: null }, false), {})).toEqual({ f: null });
  });

  it("keeps a field with a non-null default non-nullable", () => {
    const M = field({ type: "string", default: "x" }, false);
    expect(parse(M, {})).toEqual({ f: "x" });
    expect(parse(M, { f: "a" })).toEqual({ f: "a" });
    expect(errors(M, { f: null })).toEqual([["f", "string_type"]]);
    const N = field({ type: "integer", default: 3 }, false);
    expect(parse(N, { f: "4" })).toEqual({ f: 4 });
    expect(errors(N, { f: null })).toEqual([["f", "int_type"]]);
  });

  it("ignores the default of a required field", () => {
    const M = field({ type: "string", default: "x" });
    expect(errors(M, {})).toEqual([["f", "missing"]]);
    expect(errors(M, { f: null })).toEqual([["f", "string_type"]]);
  });

  it("uses defaults as given, without validating them", () => {
    expect(parse(field({ type: "integer", default: "abc" }, false), {})).toEqual({ f: "abc" });
    expect(parse(field({ type: "array", items: { type: "integer" }, default: ["x"] }, false), {})).toEqual({ f: ["x"] });
  });

  it("hands out a fresh copy of a mutable default on every parse", () => {
    const schema = { type: "object", properties: { l: { type: "array", items: { type: "integer" }, default: [1, 2] }, o: { type: "object", default: { a: [1] } } } };
    const M = build(schema);
    const first = parse(M, {}) as { l: number[]; o: { a: number[] } };
    first.l.push(3);
    first.o.a.push(2);
    (schema.properties.l.default as number[]).push(9); // the schema was copied when built
    expect(parse(M, {})).toEqual({ l: [1, 2], o: { a: [1] } });
  });

  it("types a nested object property as Optional[model]", () => {
    const M = field({ type: "object", properties: { a: { type: "integer" } }, required: ["a"] }, false);
    expect(parse(M, {})).toEqual({ f: null });
    expect(parse(M, { f: null })).toEqual({ f: null });
    expect(parse(M, { f: { a: "2", zz: 1 } })).toEqual({ f: { a: 2 } });
  });
});

describe("key order and unknown keys", () => {
  it("writes fields in properties order and drops unknown keys", () => {
    const M = build({ type: "object", properties: { z: { type: "string" }, a: { type: "integer", default: 1 }, m: { type: "string" } }, required: ["z"] });
    const out = parse(M, { m: "1", q: 3, z: "2" });
    expect(out).toEqual({ z: "2", a: 1, m: "1" });
    expect(Object.keys(out as Json)).toEqual(["z", "a", "m"]);
  });

  it("rejects a payload that is not an object", () => {
    expect(build({ type: "string" }).safeParse("x").success).toBe(false);
    expect(parse(build({ type: "string" }), { a: 1 })).toEqual({}); // no properties: an empty model
  });
});

describe("smart unions (pydantic picks the most exact branch, not the first)", () => {
  const union = (anyOf: Json[]) => field({ anyOf });

  it("prefers an exact match over a coercion", () => {
    expect(parse(union([{ type: "integer" }, { type: "string" }]), { f: "5" })).toEqual({ f: "5" });
    expect(parse(union([{ type: "string" }, { type: "integer" }]), { f: 5 })).toEqual({ f: 5 });
    expect(parse(union([{ type: "integer" }, { type: "string" }]), { f: true })).toEqual({ f: 1 });
    expect(parse(union([{ type: "number" }, { type: "integer" }]), { f: 2 })).toEqual({ f: 2 });
    expect(parse(union([{ type: "integer" }, { type: "boolean" }]), { f: true })).toEqual({ f: true });
    expect(parse(union([{ type: "boolean" }, { type: "integer" }]), { f: 1 })).toEqual({ f: 1 });
  });

  it("takes the first of equally lax matches", () => {
    expect(parse(union([{ type: "boolean" }, { type: "integer" }]), { f: "1" })).toEqual({ f: true });
    expect(parse(union([{ type: "integer" }, { type: "boolean" }]), { f: "1" })).toEqual({ f: 1 });
    expect(parse(union([{ type: "integer" }, { type: "boolean" }]), { f: "true" })).toEqual({ f: true });
  });

  it("fails when no branch matches", () => {
    // pydantic: `f.int` int_from_float and `f.str` string_type; the library reports the branch that got furthest.
    expect(errors(union([{ type: "integer" }, { type: "string" }]), { f: 1.5 })).toEqual([["f", "int_from_float"]]);
    expect(errors(union([{ type: "integer" }, { type: "boolean" }]), { f: null })).toEqual([["f", "union_type"]]);
  });

  it("prefers the model with more fields set, then the more exact one", () => {
    const $defs = {
      A: { type: "object", properties: { x: { type: "integer" } } },
      B: { type: "object", properties: { x: { type: "string" }, y: { type: "integer" } } },
    };
    const M = build({ properties: { u: { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] } }, required: ["u"], $defs });
    expect(parse(M, { u: { x: "5" } })).toEqual({ u: { x: "5", y: null } });
    expect(parse(M, { u: { x: 5 } })).toEqual({ u: { x: 5 } });
    expect(parse(M, { u: { x: 5, y: 1 } })).toEqual({ u: { x: 5 } }); // B's x cannot take an int
    expect(errors(M, {})).toEqual([["u", "missing"]]);
    expect(parse(M, { u: {} })).toEqual({ u: { x: null } });
    const Lists = build({
      properties: { u: { anyOf: [{ type: "array", items: { $ref: "#/$defs/A" } }, { type: "array", items: { $ref: "#/$defs/B" } }] } },
      required: ["u"],
      $defs,
    });
    expect(parse(Lists, { u: [{ x: "1" }] })).toEqual({ u: [{ x: "1", y: null }] });
  });

  it("lets a plain dict win over a model (an exact match returns at once)", () => {
    const $defs = { A: { type: "object", properties: { x: { type: "integer" } } } };
    const M = build({ properties: { u: { anyOf: [{ $ref: "#/$defs/A" }, { type: "object" }] } }, required: ["u"], $defs });
    expect(parse(M, { u: { x: "5", z: 1 } })).toEqual({ u: { x: "5", z: 1 } });
  });

  it("treats a null branch as Optional", () => {
    const M = field({ anyOf: [{ type: "null" }, { type: "string" }] }, false);
    expect(parse(M, {})).toEqual({ f: null });
    expect(parse(M, { f: "x" })).toEqual({ f: "x" });
  });
});

describe("union branches and array items are read shallowly, as upstream does", () => {
  it("ignores constraints and formats inside union branches", () => {
    const M = field({ anyOf: [{ type: "string", minLength: 5, format: "email" }, { type: "null" }] });
    expect(parse(M, { f: "ab" })).toEqual({ f: "ab" });
    expect(parse(field({ anyOf: [{ type: "array", items: { type: "integer", minimum: 5 } }] }), { f: ["1", 2] })).toEqual({ f: [1, 2] });
  });

  it("reads an object branch as a plain dict, even with properties", () => {
    const M = field({ anyOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "null" }] });
    expect(parse(M, { f: { a: "1", b: 2 } })).toEqual({ f: { a: "1", b: 2 } });
    expect(parse(field({ anyOf: [{ type: "array", items: { type: "object", properties: { a: { type: "integer" } } } }] }), { f: [{ a: "x" }] })).toEqual({
      f: [{ a: "x" }],
    });
  });

  it("takes a branch array without items as List[Any], with typeless items as List[str]", () => {
    expect(parse(field({ anyOf: [{ type: "array" }, { type: "null" }] }), { f: [1, "a", null] })).toEqual({ f: [1, "a", null] });
    expect(errors(field({ anyOf: [{ type: "array", items: {} }, { type: "null" }] }), { f: [1] })).toEqual([["f.0", "string_type"]]);
  });

  it("accepts anything for an empty enum branch", () => {
    expect(parse(field({ anyOf: [{ enum: [] }, { type: "integer" }] }), { f: [1] })).toEqual({ f: [1] });
  });

  it("reads array items by their bare type", () => {
    expect(errors(field({ type: "array", items: {} }), { f: [1] })).toEqual([["f.0", "string_type"]]);
    expect(errors(field({ type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } }), { f: ["x", null] })).toEqual([["f.1", "string_type"]]);
    expect(parse(field({ type: "array", items: { enum: ["a"] } }), { f: ["b"] })).toEqual({ f: ["b"] });
    expect(parse(field({ type: "array", items: { type: "integer", minimum: 5 } }), { f: [1, "2", true] })).toEqual({ f: [1, 2, 1] });
    expect(parse(field({ type: "array", items: { type: "string", format: "uuid" } }), { f: ["x"] })).toEqual({ f: ["x"] });
    expect(parse(field({ type: "array", items: { type: "number" } }), { f: ["1.5", 2] })).toEqual({ f: [1.5, 2] });
    expect(errors(field({ type: "array", items: { type: "null" } }), { f: [1] })).toEqual([["f.0", "none_required"]]);
  });

  it("lets format replace the type and drop its constraints", () => {
    expect(parseF({ type: "string", format: "uuid", maxLength: 3 }, U1)).toBe(U1);
    expect(parseF({ type: "integer", format: "date-time" }, "2024-01-05T10:00:00Z")).toBe("2024-01-05T10:00:00Z");
    // A format is only read where `_extract_field_type` runs.
    expect(parseF({ type: "object", format: "nope", properties: { a: { type: "string" } } }, { a: "x" })).toEqual({ a: "x" });
    expect(parseF({ enum: ["a"], format: "nope" }, "a")).toBe("a");
  });
});

describe("literals (enum)", () => {
  it("matches with Python equality and returns the schema's value", () => {
    const M = field({ type: "integer", enum: [1, 2, 3] });
    expect(parse(M, { f: true })).toEqual({ f: 1 });
    expect(messages(M, { f: "2" })).toEqual(["Input should be 1, 2 or 3"]);
    const Mixed = field({ enum: [1, "1", true, null, 1.5] });
    expect(parse(Mixed, { f: true })).toEqual({ f: true });
    expect(parse(Mixed, { f: "1" })).toEqual({ f: "1" });
    expect(parse(Mixed, { f: null })).toEqual({ f: null });
    expect(parse(Mixed, { f: 1.5 })).toEqual({ f: 1.5 });
    expect(messages(Mixed, { f: false })).toEqual(["Input should be 1, '1', True, None or 1.5"]);
    expect(errors(Mixed, { f: 0 })).toEqual([["f", "literal_error"]]);
  });

  it("compares list and dict values by equality", () => {
    const M = field({ enum: [[1], { a: 1 }] });
    expect(parse(M, { f: [1] })).toEqual({ f: [1] });
    expect(parse(M, { f: [true] })).toEqual({ f: [1] });
    expect(parse(M, { f: { a: 1 } })).toEqual({ f: { a: 1 } });
  });

  it("refuses an empty enum on a field", () => {
    expect(() => field({ enum: [] })).toThrow(SchemaConversionError);
  });
});

describe("$ref and $defs", () => {
  it("merges a top-level $ref with the schema's own keywords, these winning", () => {
    const M = build({
      $ref: "#/$defs/A",
      properties: { z: { type: "integer" } },
      $defs: { A: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
    });
    expect(parse(M, { a: "x", z: "1" })).toEqual({ z: 1 });
  });

  it("resolves a ref by its last segment", () => {
    const withDefs = build({ type: "object", properties: { p: { $ref: "#/definitions/A" } }, required: ["p"], $defs: { A: { type: "object", properties: { a: { type: "integer" } } } } });
    expect(parse(withDefs, { p: { a: "1" } })).toEqual({ p: { a: 1 } });
  });

  it("only reads a referenced field's default", () => {
    const M = build({
      type: "object",
      properties: { p: { $ref: "#/$defs/A", default: { a: 5 } } },
      $defs: { A: { type: "object", properties: { a: { type: "integer" } } } },
    });
    expect(parse(M, {})).toEqual({ p: { a: 5 } });
    expect(errors(M, { p: null })).toEqual([["p", "model_type"]]); // the field is not made Optional
  });

  it("builds every $defs entry as a model, enum ones included", () => {
    const M = build({
      type: "object",
      properties: { c: { $ref: "#/$defs/Color" } },
      required: ["c"],
      $defs: { Color: { enum: ["red", "green"], type: "string", title: "Color" } },
    });
    expect(M.safeParse({ c: "red" }).success).toBe(false);
    expect(parse(M, { c: {} })).toEqual({ c: {} });
  });

  it("follows one level of $ref inside $defs", () => {
    const M = build({
      $defs: { A: { $ref: "#/$defs/B" }, B: { type: "object", properties: { b: { type: "integer" } } } },
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      required: ["a"],
    });
    expect(parse(M, { a: { b: "1" } })).toEqual({ a: { b: 1 } });
    const Self = build({ $defs: { A: { $ref: "#/$defs/A" } }, type: "object", properties: { a: { $ref: "#/$defs/A" } }, required: ["a"] });
    expect(parse(Self, { a: { b: "1" } })).toEqual({ a: {} });
  });

  it("lets an entry refer to earlier entries and to itself only", () => {
    const ok = build({
      $defs: { A: { type: "object", properties: { x: { type: "integer" } } }, B: { type: "object", properties: { a: { $ref: "#/$defs/A" } } } },
      type: "object",
      properties: { b: { $ref: "#/$defs/B" } },
    });
    expect(parse(ok, { b: { a: { x: "1" } } })).toEqual({ b: { a: { x: 1 } } });
    const forward = {
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } }, required: ["b"] },
        B: { type: "object", properties: { x: { type: "integer" } }, required: ["x"] },
      },
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
    };
    expect(() => build(forward)).toThrow(ReferenceNotFoundError);
    expect(() => build(forward)).toThrow("name 'B' is not defined");
    // A nested model of A is not A: its reference to the entry being built fails too.
    const nested = { $defs: { A: { type: "object", properties: { child: { type: "object", properties: { parent: { $ref: "#/$defs/A" } } } } } }, type: "object" };
    expect(() => build(nested)).toThrow("name 'A' is not defined");
  });

  it("builds a self-referencing model (Employee) and validates recursive data", () => {
    const Category = build({
      title: "Category",
      type: "object",
      properties: { name: { type: "string" }, subcategories: { type: "array", items: { $ref: "#/$defs/Category" } } },
      required: ["name"],
      $defs: {
        Category: {
          type: "object",
          properties: { name: { type: "string" }, subcategories: { type: "array", items: { $ref: "#/$defs/Category" } } },
          required: ["name"],
        },
      },
    });
    expect(parse(Category, { name: "a", subcategories: [{ name: "b", subcategories: [{ name: "c" }] }] })).toEqual({
      name: "a",
      subcategories: [{ name: "b", subcategories: [{ name: "c", subcategories: null }] }],
    });
    expect(errors(Category, { name: "a", subcategories: [{ subcategories: [{ name: 1 }] }] })).toEqual([
      ["subcategories.0.name", "missing"],
      ["subcategories.0.subcategories.0.name", "string_type"],
    ]);
  });

  it("reports unresolvable refs with upstream's messages", () => {
    expect(() => build({ type: "object", properties: { p: { $ref: "#/$defs/Nope" } }, $defs: { A: { type: "object" }, B: {} } })).toThrow(
      new ReferenceNotFoundError("Reference `Nope` not found in cache. Available: ['A', 'B']"),
    );
    expect(() => build({ allOf: [{ $ref: "#/$defs/Nope" }], $defs: { A: {} } })).toThrow(
      new ReferenceNotFoundError("Reference `#/$defs/Nope` not found in `$defs`. Available keys: ['A']"),
    );
    expect(() => build({ $ref: "#/$defs/Nope" })).toThrow(new ReferenceNotFoundError("Reference `#/$defs/Nope` not found in `$defs`. Available keys: []"));
    expect(() => field({ type: "array", items: { $ref: "#/$defs/Nope" } })).toThrow("Reference `Nope` not found in cache. Available: []");
  });
});

describe("allOf", () => {
  it("keeps the parts' properties and required, drops the schema's own", () => {
    const M = build({
      allOf: [{ $ref: "#/$defs/A" }, { type: "object", properties: { b: { type: "integer" } }, required: ["b"] }],
      properties: { own: { type: "string" } },
      required: ["own"],
      $defs: { A: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"] } },
    });
    const out = parse(M, { b: "1", own: "y", a: "x" });
    expect(out).toEqual({ a: "x", b: 1 }); // b keeps A's position, takes the later part's type
    expect(Object.keys(out as Json)).toEqual(["a", "b"]);
    expect(errors(M, { b: "1" })).toEqual([["a", "missing"]]);
  });

  it("does not merge a part's own allOf", () => {
    const M = build({ allOf: [{ allOf: [{ type: "object", properties: { x: { type: "string" } } }] }, { properties: { y: { type: "string" } } }] });
    expect(parse(M, { x: 1, y: "a" })).toEqual({ y: "a" });
  });

  it("uses the property's default for an allOf field", () => {
    const M = field({ allOf: [{ properties: { a: { type: "integer" } }, required: ["a"] }], default: { a: 7 } }, false);
    expect(parse(M, {})).toEqual({ f: { a: 7 } });
    expect(parse(M, { f: { a: "3" } })).toEqual({ f: { a: 3 } });
  });
});

describe("discriminated unions (oneOf + discriminator)", () => {
  const Pets = build(PetWrapper, "PetWrapper");

  it("validates the chosen model and drops unknown keys", () => {
    expect(parse(Pets, { pet: { pet_type: "cat", hunting_skill: "expert", x: 1 } })).toEqual({ pet: { pet_type: "cat", hunting_skill: "expert" } });
    expect(parse(Pets, { pet: { pet_type: "dog", pack_size: "4" } })).toEqual({ pet: { pet_type: "dog", pack_size: 4 } });
    // pydantic's loc also names the tag (`pet.dog.pack_size`); the library's paths are payload paths.
    expect(errors(Pets, { pet: { pet_type: "dog", hunting_skill: "x" } })).toEqual([["pet.pack_size", "missing"]]);
  });

  it("reports a missing, unknown or unreadable tag with pydantic's messages", () => {
    expect(messages(Pets, { pet: { pet_type: "cow" } })).toEqual([
      "Input tag 'cow' found using 'pet_type' does not match any of the expected tags: 'cat', 'dog'",
    ]);
    expect(errors(Pets, { pet: { pet_type: "cow" } })).toEqual([["pet", "union_tag_invalid"]]);
    expect(messages(Pets, { pet: {} })).toEqual(["Unable to extract tag using discriminator 'pet_type'"]);
    expect(errors(Pets, { pet: {} })).toEqual([["pet", "union_tag_not_found"]]);
    expect(messages(Pets, { pet: "x" })).toEqual(["Input should be a valid dictionary or object to extract fields from"]);
    expect(errors(Pets, { pet: null })).toEqual([["pet", "model_attributes_type"]]);
  });

  it("matches tags with Python equality", () => {
    const M = build({
      type: "object",
      properties: { pet: { oneOf: [{ $ref: "#/$defs/One" }, { $ref: "#/$defs/Two" }], discriminator: { propertyName: "k" } } },
      required: ["pet"],
      $defs: {
        One: { type: "object", properties: { k: { enum: [1] } }, required: ["k"] },
        Two: { type: "object", properties: { k: { enum: [2] } }, required: ["k"] },
      },
    });
    expect(parse(M, { pet: { k: true } })).toEqual({ pet: { k: 1 } });
    expect(messages(M, { pet: { k: "2" } })).toEqual(["Input tag '2' found using 'k' does not match any of the expected tags: 1, 2"]);
    expect(messages(M, { pet: { k: null } })).toEqual(["Input tag 'None' found using 'k' does not match any of the expected tags: 1, 2"]);
  });

  it("accepts a defaulted tag, several tags per model and a null branch", () => {
    const M = build({
      type: "object",
      properties: { pet: { oneOf: [{ $ref: "#/$defs/Cat" }, { $ref: "#/$defs/Dog" }, { type: "null" }], discriminator: { propertyName: "t" } } },
      $defs: {
        Cat: { type: "object", properties: { t: { enum: ["cat"], default: "cat" } } },
        Dog: { type: "object", properties: { t: { enum: ["dog", "puppy"] } }, required: ["t"] },
      },
    });
    expect(parse(M, { pet: { t: "puppy" } })).toEqual({ pet: { t: "puppy" } });
    expect(parse(M, { pet: null })).toEqual({ pet: null });
    expect(parse(M, {})).toEqual({ pet: null });
    expect(errors(M, { pet: {} })).toEqual([["pet", "union_tag_not_found"]]); // a default is no tag
  });

  it("refuses branches pydantic cannot discriminate", () => {
    const wrap = (branch: Json, defs: Json) => ({
      type: "object",
      properties: { pet: { oneOf: [{ $ref: "#/$defs/Cat" }, branch], discriminator: { propertyName: "pet_type" } } },
      $defs: { Cat: { type: "object", properties: { pet_type: { enum: ["cat"] } }, required: ["pet_type"] }, ...defs },
    });
    expect(() => build(wrap({ type: "integer" }, {}))).toThrow("The core schema type 'int' is not a valid discriminated union variant.");
    expect(() => build(wrap({ enum: ["x"] }, {}))).toThrow("The core schema type 'literal' is not a valid discriminated union variant.");
    expect(() => build(wrap({ $ref: "#/$defs/Dog" }, { Dog: { type: "object", properties: { x: { enum: ["dog"] } } } }))).toThrow(
      "Model 'Dog' needs a discriminator field for key 'pet_type'",
    );
    expect(() => build(wrap({ $ref: "#/$defs/Dog" }, { Dog: { type: "object", properties: { pet_type: { type: "string", const: "dog" } } } }))).toThrow(
      "Model 'Dog' needs field 'pet_type' to be of type `Literal`",
    );
    // Not required and no default: Optional[Literal[...]] is not a Literal.
    expect(() => build(wrap({ $ref: "#/$defs/Dog" }, { Dog: { type: "object", properties: { pet_type: { enum: ["dog"] } } } }))).toThrow(
      "Model 'Dog' needs field 'pet_type' to be of type `Literal`",
    );
    expect(() => build(wrap({ $ref: "#/$defs/Dog" }, { Dog: { type: "object", properties: { pet_type: { enum: ["cat"] } }, required: ["pet_type"] } }))).toThrow(
      "Value 'cat' for discriminator 'pet_type' mapped to multiple choices",
    );
  });

  it("ignores a discriminator on anyOf", () => {
    const M = build({
      type: "object",
      properties: { pet: { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }], discriminator: { propertyName: "k" } } },
      required: ["pet"],
      $defs: { A: { type: "object", properties: { k: { type: "string" } }, required: ["k"] }, B: { type: "object", properties: { k: { type: "integer" } }, required: ["k"] } },
    });
    expect(parse(M, { pet: { k: "1" } })).toEqual({ pet: { k: "1" } });
  });
});

describe("formats", () => {
  it("reads UUIDs in every form the uuid crate accepts and writes them lowercase, hyphenated", () => {
    for (const form of [
      "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
      "a0eebc999c0b4ef8bb6d6bb9bd380a11",
      "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
      "urn:uuid:a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
    ]) {
      expect(parseF({ type: "string", format: "uuid" }, form)).toBe(U1);
    }
  });

  it.each([
    ["a0eebc99-9c0b-1ef8-bb6d-6bb9bd380a11", "UUID version 4 expected"],
    ["00000000-0000-4000-0000-000000000000", "UUID version 4 expected"], // variant must be RFC 9562
    ["a0eebc99-9c0b-4ef8-cb6d-6bb9bd380a11", "UUID version 4 expected"],
    ["a0eebc99-9c0b4ef8-bb6d-6bb9bd380a11", "Input should be a valid UUID, invalid group count: expected 5, found 4"],
    ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g", "Input should be a valid UUID, invalid character: found `g` at 36"],
    [" a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "Input should be a valid UUID, invalid character: found ` ` at 1"],
    ["é0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "Input should be a valid UUID, invalid character: found `é` at 1"],
    ["a0eebc999c0b4ef8bb6d6bb9bd380a1", "Input should be a valid UUID, invalid length: expected length 32 for simple format, found 31"],
    ["", "Input should be a valid UUID, invalid length: expected length 32 for simple format, found 0"],
    ["a0eebc99-9c0b-4ef8-bb6d6-bb9bd380a11", "Input should be a valid UUID, invalid group length in group 3: expected 4, found 5"],
    ["{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1}", "Input should be a valid UUID, invalid group length in group 4: expected 12, found 13"],
    ["urn:uuid:a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1x", "Input should be a valid UUID, invalid character: found `x` at 36"],
    [5, "UUID input should be a string, bytes or UUID object"],
  ])("rejects the UUID %j: %s", (value, message) => {
    expect(messages(field({ type: "string", format: "uuid" }), { f: value })).toEqual([message]);
  });

  it("checks the version of uuid1/3/5", () => {
    expect(messages(field({ type: "string", format: "uuid5" }), { f: "a0eebc99-9c0b-3ef8-bb6d-6bb9bd380a11" })).toEqual(["UUID version 5 expected"]);
    expect(messages(field({ type: "string", format: "uuid1" }), { f: U1 })).toEqual(["UUID version 1 expected"]);
  });

  it("normalises URLs as rust-url serialises them", () => {
    const cases: [string, string][] = [
      ["http://a.b/c d?x=é#f", "http://a.b/c%20d?x=%C3%A9#f"],
      ["mailto:x@y", "mailto:x@y"],
      ["  https://x.org/  ", "https://x.org/"],
      ["https://x.org:443/a/../b", "https://x.org/b"],
      ["http://[::1]:80/", "http://[::1]/"],
      ["https://münchen.de/", "https://xn--mnchen-3ya.de/"],
      ["http://1.2.3", "http://1.2.0.3/"],
      ["https:/x.org", "https://x.org/"],
    ];
    for (const [input, output] of cases) expect(parseF({ type: "string", format: "uri" }, input)).toBe(output);
    expect(messages(field({ type: "string", format: "uri" }), { f: "foo" })).toEqual(["Input should be a valid URL, relative URL without a base"]);
    expect(messages(field({ type: "string", format: "uri" }), { f: "" })).toEqual(["Input should be a valid URL, input is empty"]);
    expect(messages(field({ type: "string", format: "uri" }), { f: 5 })).toEqual(["URL input should be a string or URL"]);
  });

  it("parses IPv4 addresses as Python's ipaddress does, ints included", () => {
    const F = { type: "string", format: "ipv4" };
    expect(parseF(F, 3232235521)).toBe("192.168.0.1");
    expect(parseF(F, true)).toBe("0.0.0.1");
    for (const bad of ["192.168.00.1", "256.1.1.1", "1.2.3", " 1.2.3.4", "١.2.3.4", "10.0.0.0/8", 1.5, -1, 2 ** 32, null]) {
      expect(messages(field(F), { f: bad })).toEqual(["Input is not a valid IPv4 address"]);
    }
    expect(parseF({ type: "string", format: "ipv4-network" }, "10.0.0.1")).toBe("10.0.0.1"); // an address, not a network
  });

  it("parses IPv6 addresses and writes CPython 3.11's compressed form", () => {
    const cases: [unknown, string][] = [
      ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
      ["::ffff:192.168.1.1", "::ffff:c0a8:101"],
      ["fe80::1%eth0", "fe80::1%eth0"],
      ["1::", "1::"],
      ["::", "::"],
      ["0:0:0:0:0:0:0:0", "::"],
      ["1:0:0:2:0:0:0:3", "1:0:0:2::3"],
      ["1:0:0:2:0:0:3:4", "1::2:0:0:3:4"],
      ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
      ["::1:2:3:4:5:6:7", "0:1:2:3:4:5:6:7"],
      ["1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"],
      [1, "::1"],
    ];
    for (const [input, output] of cases) expect(parseF({ type: "string", format: "ipv6" }, input)).toBe(output);
    for (const bad of [":::", "1:2:3:4:5:6:7:8:9", "12345::", "fe80::1%", "a::b%x%y", "::1.2.3.04", "g::1"]) {
      expect(messages(field({ type: "string", format: "ipv6" }), { f: bad })).toEqual(["Input is not a valid IPv6 address"]);
    }
  });

  it("normalises date-time as pydantic does", () => {
    expect(parseF({ type: "string", format: "date-time" }, "2024-01-05")).toBe("2024-01-05T00:00:00");
    expect(parseF({ type: "string", format: "date-time" }, 0)).toBe("1970-01-01T00:00:00Z");
  });

  it("keeps int32/int64 strict, with their bounds", () => {
    const I32 = { type: "integer", format: "int32" };
    expect(parseF(I32, 2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(parseF(I32, -(2 ** 31))).toBe(-(2 ** 31));
    expect(messages(field(I32), { f: "5" })).toEqual(["Input should be a valid integer"]);
    expect(messages(field(I32), { f: true })).toEqual(["Input should be a valid integer"]);
    expect(messages(field(I32), { f: 2 ** 31 })).toEqual(["Input should be less than or equal to 2147483647"]);
    expect(messages(field(I32), { f: -(2 ** 31) - 1 })).toEqual(["Input should be greater than or equal to -2147483648"]);
    const I64 = { type: "integer", format: "int64" };
    expect(parseF(I64, -(2 ** 63))).toBe(-(2 ** 63));
    expect(messages(field(I64), { f: 2 ** 63 })).toEqual(["Input should be less than or equal to 9223372036854775807"]);
  });

  it("keeps the float format strict and double/decimal lax", () => {
    expect(parseF({ type: "number", format: "float" }, 1)).toBe(1);
    expect(errors(field({ type: "number", format: "float" }), { f: "1.5" })).toEqual([["f", "float_type"]]);
    expect(errors(field({ type: "number", format: "float" }), { f: true })).toEqual([["f", "float_type"]]);
    expect(parseF({ type: "number", format: "double" }, true)).toBe(1);
  });

  it("parses the json format's string into its value", () => {
    const J = { type: "string", format: "json" };
    expect(parseF(J, "1")).toBe(1);
    expect(parseF(J, "null")).toBe(null);
    expect(parseF(J, '{"a":1,"a":2}')).toEqual({ a: 2 });
    const proto = parseF(J, '{"__proto__": {"x": 1}}') as Json;
    expect(Object.keys(proto)).toEqual(["__proto__"]);
    expect(({} as Json).x).toBeUndefined();
    expect(errors(field(J), { f: '{"a": ' })).toEqual([["f", "json_invalid"]]);
    expect(messages(field(J), { f: 5 })).toEqual(["JSON input should be string, bytes or bytearray"]);
    expect(errors(field(J), { f: null })).toEqual([["f", "json_type"]]);
  });

  it("approximates EmailStr: pretty form, whitespace, lowercase domain", () => {
    const E = { type: "string", format: "email" };
    expect(parseF(E, "John Doe <John.Doe@Example.COM>")).toBe("John.Doe@example.com");
    expect(parseF(E, "  x@EXAMPLE.org ")).toBe("x@example.org");
    expect(messages(field(E), { f: "nope" })).toEqual(["value is not a valid email address: An email address must have an @-sign."]);
    expect(errors(field(E), { f: "x@y.test" })).toEqual([["f", "value_error"]]);
    expect(errors(field(E), { f: 5 })).toEqual([["f", "string_type"]]);
  });

  it("keeps hostname, password and path as plain strings", () => {
    expect(parseF({ type: "string", format: "hostname" }, "not a host!")).toBe("not a host!");
    expect(errors(field({ type: "string", format: "password" }), { f: 5 })).toEqual([["f", "string_type"]]);
  });
});

describe("string and number constraints", () => {
  it("counts code points, as Python's len does", () => {
    const M = field({ type: "string", minLength: 2, maxLength: 2 });
    expect(parse(M, { f: "😀😀" })).toEqual({ f: "😀😀" });
    expect(parse(M, { f: "e\u0301" })).toEqual({ f: "e\u0301" });
    expect(messages(M, { f: "😀" })).toEqual(["String should have at least 2 characters"]);
    expect(messages(field({ type: "string", maxLength: 1 }), { f: "ab" })).toEqual(["String should have at most 1 character"]);
    expect(messages(field({ type: "string", minLength: 5, pattern: "^a" }), { f: "b" })).toEqual(["String should have at least 5 characters"]);
  });

  it("reports bounds in pydantic's order and words", () => {
    const M = field({ type: "number", exclusiveMinimum: 0, maximum: 1 });
    expect(messages(M, { f: 0 })).toEqual(["Input should be greater than 0"]);
    expect(messages(M, { f: 2 })).toEqual(["Input should be less than or equal to 1"]);
    expect(messages(M, { f: "inf" })).toEqual(["Input should be less than or equal to 1"]);
    expect(errors(field({ type: "integer", minimum: 18 }), { f: "17" })).toEqual([["f", "greater_than_equal"]]);
    expect(() => field({ type: "integer", minimum: 0.5 })).toThrow(SchemaConversionError);
    expect(() => field({ type: "string", minLength: "5" })).toThrow(SchemaConversionError);
  });

  it("rejects an over-long list before its items, a short one after", () => {
    const M = field({ type: "array", items: { type: "integer" }, maxItems: 1 });
    expect(errors(M, { f: [1, "x", "y"] })).toEqual([["f", "too_long"]]);
    expect(messages(M, { f: [1, "x", "y"] })).toEqual(["List should have at most 1 item after validation, not 3"]);
    expect(errors(M, { f: ["x"] })).toEqual([["f.0", "int_parsing"]]);
    expect(messages(field({ type: "array", minItems: 2 }), { f: ["a"] })).toEqual(["List should have at least 2 items after validation, not 1"]);
  });

  it.each([
    ["^a\\-b\\#$", "a-b#", true],
    ["^[\\w\\-]+$", "é-ü", true],
    ["^[\\w\\-]+$", "a b", false],
    ["^[]a]+$", "]a", true],
    ["(?s)^.$", "\n", true],
    ["^.$", "\n", false],
    ["^.$", "😀", true],
    ["(?m)^b$", "a\nb", true],
    ["(?i)abc", "ABC", true],
    ["^\\pL+$", "éa", true],
    ["^\\p{Greek}+$", "αβ", true],
    ["^\\U0001F600$", "😀", true],
    ["^\\x{e9}$", "é", true],
    ["\\d+", "١٢", true],
    ["^[^\\d]+$", "١", false],
    ["^\\w+$", "é", true],
    ["^\\s$", "\u0085", true],
    ["^\\s$", "\ufeff", false],
    ["\\bé\\b", "é", true],
    ["\\Aabc\\z", "abc", true],
    ["(?P<x>a)", "a", true],
    ["[[:alpha:]]", "1", false],
    ["b", "abc", true], // search, not full match
  ])("reads the pattern %j as Rust's regex does (%j → %s)", (pattern, value, matches) => {
    const r = field({ type: "string", pattern }).safeParse({ f: value });
    expect(r.success).toBe(matches);
    if (!r.success) expect(issuesFromZod(r.error, { f: value })[0]!.message).toBe(`String should match pattern '${pattern}'`);
  });

  it.each(["(?=a)a", "(a)\\1", "[", "a{,3}"])("refuses the pattern %j, as pydantic does", (pattern) => {
    expect(() => field({ type: "string", pattern })).toThrow(SchemaConversionError);
  });
});

describe("errors", () => {
  it("are SchemaConversionErrors with upstream's class names", () => {
    for (const [make, cls, name] of [
      [() => field({ $ref: "#/$defs/X" }), ReferenceNotFoundError, "ReferenceNotFoundError"],
      [() => field({ type: "string", format: "x" }), FormatNotSupportedError, "FormatNotSupportedError"],
      [() => field({ type: "x" }), UnsupportedKeywordError, "UnsupportedKeywordError"],
    ] as const) {
      try {
        make();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(cls);
        expect(e).toBeInstanceOf(SchemaConversionError);
        expect((e as Error).name).toBe(name);
      }
    }
  });

  it("word the remaining upstream messages as upstream does", () => {
    expect(() => field({ anyOf: [{ title: "x" }] })).toThrow(new UnsupportedKeywordError("Unsupported or missing type `None` in union"));
    expect(() => field({ anyOf: [{ type: "array", items: { type: "abc" } }] })).toThrow(new UnsupportedKeywordError("Unsupported item type `abc` in union array"));
    // Upstream crashes with TypeError (unhashable list); reported here as the unsupported type it is.
    expect(() => field({ type: ["string", "null"] })).toThrow("Unsupported or missing type `['string', 'null']` for field `f` in `GeneratedModel`");
    // Item models are named `{key}_{md5(f"{model}_{key}")[:6]}`.
    expect(() =>
      build({ type: "object", properties: { users: { type: "array", items: { type: "object", properties: { a: { type: "abc" } } } } } }, "UserListModel"),
    ).toThrow("Unsupported or missing type `abc` for field `a` in `users_4759fb`");
    expect(() =>
      build({ type: "object", properties: { "é😀": { type: "array", items: { type: "object", properties: { a: {} } } } } }, "Ü"),
    ).toThrow("Unsupported or missing type `None` for field `a` in `é😀_7248e2`");
  });

  it("refuse non-JSON-object schemas", () => {
    expect(() => build(null as unknown as Json)).toThrow(SchemaConversionError);
    expect(() => build({ properties: [] })).toThrow(SchemaConversionError);
    expect(() => build({ properties: { a: true } })).toThrow(SchemaConversionError);
    expect(() => field({ anyOf: [] })).toThrow(SchemaConversionError); // upstream: TypeError, no Union of no types
  });
});

describe("hostile schemas and payloads", () => {
  it("refuses field names pydantic refuses", () => {
    expect(() => build(JSON.parse('{"properties": {"__proto__": {"type": "string"}}}'))).toThrow(
      new SchemaConversionError("Fields must not use names with leading underscores; e.g., use 'proto__' instead of '__proto__'."),
    );
    expect(() => build({ properties: { _x: { type: "string" } } })).toThrow("use 'x' instead of '_x'");
    expect(() => build({ properties: { ___: { type: "string" } } })).toThrow("use 'my_field' instead of '___'");
    for (const name of ["model_config", "model_dump", "model_dump_json", "model_validate", "model_validate_json", "model_validate_strings", "model_post_init"]) {
      expect(() => build({ properties: { [name]: { type: "string" } } })).toThrow(SchemaConversionError);
    }
    // Other BaseModel names only shadow an attribute (a warning in Python) and work.
    expect(parse(build({ properties: { model_fields: { type: "string" }, copy: { type: "string" } } }), { copy: "c" })).toEqual({ model_fields: null, copy: "c" });
  });

  it("treats Object.prototype names as ordinary fields", () => {
    const M = build({
      type: "object",
      properties: { constructor: { type: "string" }, toString: { type: "integer", default: 5 }, hasOwnProperty: { type: "string" }, valueOf: { type: "string" } },
      required: ["valueOf"],
    });
    expect(parse(M, { valueOf: "v" })).toEqual({ constructor: null, toString: 5, hasOwnProperty: null, valueOf: "v" });
    expect(parse(M, JSON.parse('{"constructor": "c", "toString": "7", "valueOf": "v"}'))).toEqual({
      constructor: "c",
      toString: 7,
      hasOwnProperty: null,
      valueOf: "v",
    });
    expect(errors(M, {})).toEqual([["valueOf", "missing"]]);
    const nullProto = Object.assign(Object.create(null), { valueOf: "v" });
    expect(parse(M, nullProto)).toEqual({ constructor: null, toString: 5, hasOwnProperty: null, valueOf: "v" });
    expect(errors(build({ properties: { constructor: { type: "string" } }, required: ["constructor"] }), {})).toEqual([["constructor", "missing"]]);
  });

  it("never lets a payload's __proto__ reach the output or the prototype", () => {
    const M = build({ type: "object", properties: { a: { type: "object" }, b: { type: "array", items: { type: "object" } } } });
    const out = parse(M, JSON.parse('{"__proto__": {"polluted": 1}, "a": {"__proto__": {"x": 1}}, "b": [{"__proto__": {"y": 1}}]}')) as Json;
    expect(Object.keys(out)).toEqual(["a", "b"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out.a as Json)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
    expect(({} as Json).polluted ?? ({} as Json).x ?? ({} as Json).y).toBeUndefined();
  });

  it("ignores keywords inherited from a polluted Object.prototype", () => {
    const proto = Object.prototype as Json;
    proto.$ref = "#/$defs/Evil";
    proto.format = "nope";
    try {
      expect(parse(field({ type: "string" }), { f: "x" })).toEqual({ f: "x" });
    } finally {
      delete proto.$ref;
      delete proto.format;
    }
  });

  it(`stops at ${MAX_SCHEMA_DEPTH} nested models and on self-containing schema objects`, () => {
    const nest = (levels: number) => {
      const root: Json = { type: "object", properties: {} };
      let cur = root;
      for (let i = 0; i < levels; i++) {
        const next: Json = { type: "object", properties: {} };
        (cur.properties as Json).a = next;
        cur = next;
      }
      return root;
    };
    expect(() => build(nest(MAX_SCHEMA_DEPTH))).not.toThrow();
    expect(() => build(nest(MAX_SCHEMA_DEPTH + 1))).toThrow(`Schema nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
    const cyclic: Json = { type: "object", properties: {} };
    (cyclic.properties as Json).self = cyclic;
    expect(() => build(cyclic)).toThrow(SchemaConversionError);
  });

  it("builds self-referencing $defs without looping", () => {
    const M = build({ $defs: { A: { $ref: "#/$defs/A", allOf: [{ $ref: "#/$defs/A" }] } }, $ref: "#/$defs/A" });
    expect(parse(M, { x: 1 })).toEqual({});
  });

  it(`fails at the ${MAX_REFERENCE_DEPTH + 1}th nested reference, as pydantic's recursion guard does`, () => {
    const E = build(EmployeeSchema, "Employee");
    const chain = (n: number) => {
      let d: Json = { id: U1, name: "x" };
      for (let i = 0; i < n; i++) d = { id: U1, name: "x", manager: d };
      return d;
    };
    expect(E.safeParse(chain(MAX_REFERENCE_DEPTH)).success).toBe(true);
    const issues = errors(E, chain(MAX_REFERENCE_DEPTH + 1));
    expect(issues).toEqual([[Array(MAX_REFERENCE_DEPTH + 1).fill("manager").join("."), "recursion_loop"]]);
    expect(messages(E, chain(MAX_REFERENCE_DEPTH + 1))).toEqual(["Recursion error - cyclic reference detected"]);
    expect(E.safeParse(chain(5000)).success).toBe(false); // an error, not a stack overflow
  });
});

describe("round trip of a pydantic-generated schema", () => {
  // What pydantic gives for:
  //   class WeatherReport(BaseModel):
  //       city: str; temperature: float; humidity: int; conditions: list[str]; alert: str | None = None
  const WeatherReportSchema = {
    properties: {
      city: { title: "City", type: "string" },
      temperature: { title: "Temperature", type: "number" },
      humidity: { title: "Humidity", type: "integer" },
      conditions: { items: { type: "string" }, title: "Conditions", type: "array" },
      alert: { anyOf: [{ type: "string" }, { type: "null" }], default: null, title: "Alert" },
    },
    required: ["city", "temperature", "humidity", "conditions"],
    title: "WeatherReport",
    type: "object",
  };

  it("validates, coerces and orders a WeatherReport as pydantic does", () => {
    const WeatherReport = build(WeatherReportSchema, "WeatherReport");
    const out = parse(WeatherReport, { city: "Oslo", temperature: "21.5", humidity: 40.0, conditions: ["rain"] });
    expect(out).toEqual({ city: "Oslo", temperature: 21.5, humidity: 40, conditions: ["rain"], alert: null });
    expect(Object.keys(out as Json)).toEqual(["city", "temperature", "humidity", "conditions", "alert"]);
    expect(JSON.stringify(out)).toBe('{"city":"Oslo","temperature":21.5,"humidity":40,"conditions":["rain"],"alert":null}');
    // What it writes reads back unchanged.
    expect(parse(WeatherReport, JSON.parse(JSON.stringify(out)))).toEqual(out);
    expect(errors(WeatherReport, { city: "Oslo", temperature: 1, humidity: 40.5, conditions: [] })).toEqual([["humidity", "int_from_float"]]);
  });
});
