-- /operationLog shows a row's before and after in Chinese (modules/logs/names.ts): every key at
-- every depth — a bill's lines, an order's lines, an export's filters — named from the contract's
-- vocabulary (packages/contract/src/operationLog.ts and the resource declarations), passed in as
-- jsonb. `node` names one object: f its keys, v its fields' values, n what is nested under a key
-- (an object, or each object of an array), `from` a key of the enclosing object whose value is the
-- entity whose names apply (an export's params, named by its source). A key nothing names keeps
-- its own name; `common` names the keys every entity shares. operation_log_shown names a row's
-- before or after by its entity (the vocabulary is written once in the statement).
CREATE OR REPLACE FUNCTION operation_log_named(doc jsonb, node jsonb, vocabulary jsonb, common jsonb)
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb;
BEGIN
  IF doc IS NULL THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(doc) = 'array' THEN
    SELECT coalesce(jsonb_agg(operation_log_named(x.value, node, vocabulary, common) ORDER BY x.i), '[]'::jsonb)
      INTO result FROM jsonb_array_elements(doc) WITH ORDINALITY AS x(value, i);
    RETURN result;
  END IF;
  IF jsonb_typeof(doc) <> 'object' THEN
    RETURN doc;
  END IF;
  SELECT coalesce(jsonb_object_agg(
      coalesce(node -> 'f' ->> e.key, common ->> e.key, e.key),
      CASE WHEN jsonb_typeof(e.value) IN ('object', 'array') THEN operation_log_named(
          e.value,
          CASE WHEN node -> 'n' -> e.key ->> 'from' IS NOT NULL
            THEN vocabulary -> (doc ->> (node -> 'n' -> e.key ->> 'from'))
            ELSE coalesce(node -> 'n' -> e.key, '{}'::jsonb) END,
          vocabulary, common)
        ELSE coalesce(to_jsonb(node -> 'v' -> e.key ->> (e.value #>> '{}')), e.value) END
    ), '{}'::jsonb)
    INTO result FROM jsonb_each(doc) AS e;
  RETURN result;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION operation_log_shown(doc jsonb, entity text, vocabulary jsonb, common jsonb)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT operation_log_named(doc, vocabulary -> entity, vocabulary, common)
$$;
