CREATE TABLE "bill_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"refund_state" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid_by_card" bigint DEFAULT 0 NOT NULL,
	"paid_other" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_day_day_store_id_status_kind_source_refund_state_pk" PRIMARY KEY("day","store_id","status","kind","source","refund_state")
);
--> statement-breakpoint
CREATE TABLE "bill_draw_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_draw_day_day_store_id_pk" PRIMARY KEY("day","store_id")
);
--> statement-breakpoint
CREATE TABLE "bill_fin_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"project_sales" bigint DEFAULT 0 NOT NULL,
	"retail_sales" bigint DEFAULT 0 NOT NULL,
	"card_sales" bigint DEFAULT 0 NOT NULL,
	"top_ups" bigint DEFAULT 0 NOT NULL,
	"combo_amount" bigint DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"pay_cash" bigint DEFAULT 0 NOT NULL,
	"pay_wechat" bigint DEFAULT 0 NOT NULL,
	"pay_alipay" bigint DEFAULT 0 NOT NULL,
	"pay_bank_card" bigint DEFAULT 0 NOT NULL,
	"pay_stored_card" bigint DEFAULT 0 NOT NULL,
	"pay_combo_card" bigint DEFAULT 0 NOT NULL,
	"pay_sign_bill" bigint DEFAULT 0 NOT NULL,
	"pay_intent_deposit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_fin_day_day_store_id_pk" PRIMARY KEY("day","store_id")
);
--> statement-breakpoint
CREATE TABLE "bill_line_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"card_amount" bigint DEFAULT 0 NOT NULL,
	"combo_amount" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_line_day_day_store_id_item_kind_pk" PRIMARY KEY("day","store_id","item_kind")
);
--> statement-breakpoint
CREATE TABLE "bill_pay_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"refund_state" text NOT NULL,
	"method" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid_by_card" bigint DEFAULT 0 NOT NULL,
	"paid_other" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_pay_day_day_store_id_method_status_kind_source_refund_state_pk" PRIMARY KEY("day","store_id","method","status","kind","source","refund_state")
);
--> statement-breakpoint
CREATE TABLE "bill_rollup_delta" (
	"fam" smallint NOT NULL,
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"refund_state" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"item_kind" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid_by_card" bigint DEFAULT 0 NOT NULL,
	"paid_other" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"card_amount" bigint DEFAULT 0 NOT NULL,
	"combo_amount" bigint DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The bill rollups' definitions, once: a bill's refund state, and each family's rows from the
-- facts (bill_rollups_fill: the migration's fill, `npm run rollups -- --rebuild` into the kept
-- tables, `--check` into check_ copies). The triggers below add each change of the facts to
-- bill_rollup_delta in the writer's transaction with the same definitions.
CREATE FUNCTION "bill_refund_state"("total" integer, "refunded" integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "refunded" <= 0 THEN 'none' WHEN "refunded" >= "total" THEN 'full' ELSE 'partial' END
$$;--> statement-breakpoint
CREATE FUNCTION "bill_rollups_fill"("prefix" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO %I (day, store_id, status, kind, source, refund_state, n, total, paid_by_card, paid_other, refunded)
    SELECT (c.consumed_at AT TIME ZONE ''Asia/Shanghai'')::date, c.store_id, c.status, c.kind, c.source,
      bill_refund_state(c.total, c.refunded), count(*), sum(c.total), sum(c.paid_by_card), sum(c.paid_other), sum(c.refunded)
    FROM member_consume c GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2', prefix || 'bill_day');
  EXECUTE format('INSERT INTO %I (day, store_id, method, status, kind, source, refund_state, n, total, paid_by_card, paid_other, refunded, amount)
    SELECT (c.consumed_at AT TIME ZONE ''Asia/Shanghai'')::date, c.store_id, p.method, c.status, c.kind, c.source,
      bill_refund_state(c.total, c.refunded), count(*), sum(c.total), sum(c.paid_by_card), sum(c.paid_other), sum(c.refunded), sum(p.amount)
    FROM (SELECT consume_id, method, sum(amount) AS amount FROM bill_payment GROUP BY 1, 2) p
    JOIN member_consume c ON c.id = p.consume_id GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2', prefix || 'bill_pay_day');
  EXECUTE format('INSERT INTO %I (day, store_id, item_kind, n, quantity, amount, card_amount, combo_amount, refunded, performance)
    SELECT (c.consumed_at AT TIME ZONE ''Asia/Shanghai'')::date, c.store_id, l.item_kind, count(*), sum(l.quantity), sum(l.amount),
      sum(l.card_amount), coalesce(sum(l.card_amount) FILTER (WHERE l.member_card_id IS NOT NULL AND l.sessions IS NOT NULL), 0), sum(l.refunded),
      coalesce(sum(sh.performance), 0)
    FROM member_consume_line l JOIN member_consume c ON c.id = l.consume_id
    LEFT JOIN (SELECT consume_id, line, sum(performance) AS performance FROM bill_share GROUP BY 1, 2) sh
      ON sh.consume_id = l.consume_id AND sh.line = l.line
    WHERE c.status = ''completed'' GROUP BY 1, 2, 3 ORDER BY 1, 2', prefix || 'bill_line_day');
  EXECUTE format('INSERT INTO %I (day, store_id, n, principal, bonus, sessions)
    SELECT (c.consumed_at AT TIME ZONE ''Asia/Shanghai'')::date, c.store_id, count(*), -sum(g.amount), -sum(g.bonus_amount),
      -coalesce(sum(g.sessions), 0)
    FROM card_ledger g JOIN member_consume c ON c.id = g.ref_id
    WHERE g.ref_type = ''member_consume'' AND g.kind = ''consume'' AND c.status = ''completed'' GROUP BY 1, 2 ORDER BY 1, 2',
    prefix || 'bill_draw_day');
  -- bill_fin_day: the four above at /finance's grain (completed bills only), from the tables just filled.
  EXECUTE format('INSERT INTO %I (day, store_id, n, total, project_sales, retail_sales, card_sales, top_ups, combo_amount, principal, bonus, sessions, pay_cash, pay_wechat, pay_alipay, pay_bank_card, pay_stored_card, pay_combo_card, pay_sign_bill, pay_intent_deposit)
    SELECT day, store_id, sum(n), sum(total), coalesce(sum(amount) FILTER (WHERE f = 2 AND item_kind = ''project''), 0), coalesce(sum(amount) FILTER (WHERE f = 2 AND item_kind = ''product''), 0), coalesce(sum(amount) FILTER (WHERE f = 2 AND item_kind = ''cardSale''), 0), coalesce(sum(amount) FILTER (WHERE f = 2 AND item_kind = ''topUp''), 0), sum(combo_amount), sum(principal), sum(bonus), sum(sessions), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''cash''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''wechat''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''alipay''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''bankCard''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''storedCard''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''comboCard''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''signBill''), 0), coalesce(sum(amount) FILTER (WHERE f = 1 AND method = ''intentDeposit''), 0)
    FROM (
      SELECT 0 AS f, day, store_id, n, total, '''' AS item_kind, '''' AS method, 0::bigint AS amount, 0::bigint AS combo_amount,
        0::bigint AS principal, 0::bigint AS bonus, 0::bigint AS sessions FROM %I WHERE status = ''completed''
      UNION ALL SELECT 1, day, store_id, 0, 0, '''', method, amount, 0, 0, 0, 0 FROM %I WHERE status = ''completed''
      UNION ALL SELECT 2, day, store_id, 0, 0, item_kind, '''', amount, combo_amount, 0, 0, 0 FROM %I
      UNION ALL SELECT 3, day, store_id, 0, 0, '''', '''', 0, 0, principal, bonus, sessions FROM %I
    ) x GROUP BY 1, 2 ORDER BY 1, 2',
    prefix || 'bill_fin_day', prefix || 'bill_day', prefix || 'bill_pay_day', prefix || 'bill_line_day', prefix || 'bill_draw_day');
END $$;--> statement-breakpoint
-- A bill written: its bill_day row (its payments, lines and draws come after it, by their own triggers).
CREATE FUNCTION "bill_rollup_bills_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bill_rollup_delta (fam, day, store_id, status, kind, source, refund_state, n, total, paid_by_card, paid_other, refunded)
  SELECT 0, (consumed_at AT TIME ZONE 'Asia/Shanghai')::date, store_id, status, kind, source, bill_refund_state(total, refunded),
    count(*), sum(total), sum(paid_by_card), sum(paid_other), sum(refunded)
  FROM bill_rollup_new GROUP BY 2, 3, 4, 5, 6, 7;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bill changed (refunded, closed): its rows move from its old key and figures to its new ones —
-- bill_day, bill_pay_day (once per method it has, with that method's payments), and, when it
-- stops or starts being completed (关单), its lines and draws leave or enter bill_line_day and
-- bill_draw_day.
CREATE FUNCTION "bill_rollup_bills_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ch AS (
    SELECT o.id, x.*
    FROM bill_rollup_old o JOIN bill_rollup_new b ON b.id = o.id
    CROSS JOIN LATERAL (VALUES
      (-1, (o.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, o.store_id, o.status, o.kind, o.source,
        bill_refund_state(o.total, o.refunded), o.total, o.paid_by_card, o.paid_other, o.refunded),
      (1, (b.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, b.store_id, b.status, b.kind, b.source,
        bill_refund_state(b.total, b.refunded), b.total, b.paid_by_card, b.paid_other, b.refunded))
      AS x(sign, day, store_id, status, kind, source, refund_state, total, paid_by_card, paid_other, refunded)
    WHERE (o.consumed_at, o.store_id, o.status, o.kind, o.source, o.total, o.paid_by_card, o.paid_other, o.refunded)
      IS DISTINCT FROM (b.consumed_at, b.store_id, b.status, b.kind, b.source, b.total, b.paid_by_card, b.paid_other, b.refunded)
  ),
  done AS (SELECT ch.id, ch.sign, ch.day, ch.store_id FROM ch WHERE ch.status = 'completed')
  INSERT INTO bill_rollup_delta (fam, day, store_id, status, kind, source, refund_state, method, item_kind,
    n, total, paid_by_card, paid_other, refunded, amount, quantity, card_amount, combo_amount, principal, bonus, sessions, performance)
  SELECT 0, day, store_id, status, kind, source, refund_state, '', '',
    sum(sign), sum(sign * total), sum(sign * paid_by_card), sum(sign * paid_other), sum(sign * refunded), 0, 0, 0, 0, 0, 0, 0, 0
  FROM ch GROUP BY 2, 3, 4, 5, 6, 7
  UNION ALL
  SELECT 1, ch.day, ch.store_id, ch.status, ch.kind, ch.source, ch.refund_state, p.method, '',
    sum(ch.sign), sum(ch.sign * ch.total), sum(ch.sign * ch.paid_by_card), sum(ch.sign * ch.paid_other), sum(ch.sign * ch.refunded),
    sum(ch.sign * p.amount), 0, 0, 0, 0, 0, 0, 0
  FROM ch JOIN (SELECT consume_id, method, sum(amount) AS amount FROM bill_payment
    WHERE consume_id IN (SELECT id FROM ch) GROUP BY 1, 2) p ON p.consume_id = ch.id
  GROUP BY 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 2, d.day, d.store_id, '', '', '', '', '', l.item_kind, sum(d.sign), 0, 0, 0, sum(d.sign * l.refunded), sum(d.sign * l.amount),
    sum(d.sign * l.quantity), sum(d.sign * l.card_amount),
    coalesce(sum(d.sign * l.card_amount) FILTER (WHERE l.member_card_id IS NOT NULL AND l.sessions IS NOT NULL), 0), 0, 0, 0,
    coalesce(sum(d.sign * sh.performance), 0)
  FROM done d JOIN member_consume_line l ON l.consume_id = d.id
  LEFT JOIN LATERAL (SELECT sum(s.performance) AS performance FROM bill_share s
    WHERE s.consume_id = l.consume_id AND s.line = l.line) sh ON true
  WHERE d.id IN (SELECT o.id FROM bill_rollup_old o JOIN bill_rollup_new b ON b.id = o.id
    WHERE (o.status = 'completed') <> (b.status = 'completed') OR o.consumed_at <> b.consumed_at OR o.store_id <> b.store_id)
  GROUP BY 2, 3, 9
  UNION ALL
  SELECT 3, d.day, d.store_id, '', '', '', '', '', '', sum(d.sign), 0, 0, 0, 0, 0, 0, 0, 0,
    -sum(d.sign * g.amount), -sum(d.sign * g.bonus_amount), -coalesce(sum(d.sign * g.sessions), 0), 0
  FROM done d JOIN card_ledger g ON g.ref_type = 'member_consume' AND g.ref_id = d.id AND g.kind = 'consume'
  WHERE d.id IN (SELECT o.id FROM bill_rollup_old o JOIN bill_rollup_new b ON b.id = o.id
    WHERE (o.status = 'completed') <> (b.status = 'completed') OR o.consumed_at <> b.consumed_at OR o.store_id <> b.store_id)
  GROUP BY 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Payments written: their amounts by method, and the bill's figures once for a method it had not.
CREATE FUNCTION "bill_rollup_payments_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bill_rollup_delta (fam, day, store_id, status, kind, source, refund_state, method,
    n, total, paid_by_card, paid_other, refunded, amount)
  SELECT 1, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, c.store_id, c.status, c.kind, c.source,
    bill_refund_state(c.total, c.refunded), x.method,
    sum(x.first), sum(x.first * c.total), sum(x.first * c.paid_by_card), sum(x.first * c.paid_other),
    sum(x.first * c.refunded), sum(x.amount)
  FROM (
    SELECT y.consume_id, y.method, y.amount,
      CASE WHEN EXISTS (SELECT 1 FROM bill_payment p WHERE p.method = y.method AND p.consume_id = y.consume_id
        AND NOT EXISTS (SELECT 1 FROM bill_rollup_new z WHERE z.id = p.id)) THEN 0 ELSE 1 END AS first
    FROM (SELECT consume_id, method, sum(amount) AS amount FROM bill_rollup_new GROUP BY 1, 2) y
  ) x JOIN member_consume c ON c.id = x.consume_id
  GROUP BY 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Lines written or changed (refunded): those of completed bills, old figures out and new ones in.
CREATE FUNCTION "bill_rollup_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bill_rollup_delta (fam, day, store_id, item_kind, n, quantity, amount, card_amount, combo_amount, refunded, performance)
    SELECT 2, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, c.store_id, l.item_kind, count(*), sum(l.quantity), sum(l.amount),
      sum(l.card_amount), coalesce(sum(l.card_amount) FILTER (WHERE l.member_card_id IS NOT NULL AND l.sessions IS NOT NULL), 0),
      sum(l.refunded), coalesce(sum(sh.performance), 0)
    FROM bill_rollup_new l JOIN member_consume c ON c.id = l.consume_id
    LEFT JOIN LATERAL (SELECT sum(s.performance) AS performance FROM bill_share s
      WHERE s.consume_id = l.consume_id AND s.line = l.line) sh ON true
    WHERE c.status = 'completed' GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO bill_rollup_delta (fam, day, store_id, item_kind, n, quantity, amount, card_amount, combo_amount, refunded)
    SELECT 2, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, c.store_id, x.item_kind, sum(x.sign), sum(x.sign * x.quantity),
      sum(x.sign * x.amount), sum(x.sign * x.card_amount),
      coalesce(sum(x.sign * x.card_amount) FILTER (WHERE x.combo), 0), sum(x.sign * x.refunded)
    FROM bill_rollup_old o JOIN bill_rollup_new l ON l.id = o.id
    CROSS JOIN LATERAL (VALUES
      (-1, o.consume_id, o.item_kind, o.quantity, o.amount, o.card_amount, o.member_card_id IS NOT NULL AND o.sessions IS NOT NULL, o.refunded),
      (1, l.consume_id, l.item_kind, l.quantity, l.amount, l.card_amount, l.member_card_id IS NOT NULL AND l.sessions IS NOT NULL, l.refunded))
      AS x(sign, consume_id, item_kind, quantity, amount, card_amount, combo, refunded)
    JOIN member_consume c ON c.id = x.consume_id
    WHERE c.status = 'completed'
      AND (o.consume_id, o.item_kind, o.quantity, o.amount, o.card_amount, o.member_card_id, o.sessions, o.refunded)
        IS DISTINCT FROM (l.consume_id, l.item_kind, l.quantity, l.amount, l.card_amount, l.member_card_id, l.sessions, l.refunded)
    GROUP BY 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bill's card draws (card_ledger consume rows of a member_consume) written: those of completed bills.
CREATE FUNCTION "bill_rollup_draws_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bill_rollup_delta (fam, day, store_id, n, principal, bonus, sessions)
  SELECT 3, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, c.store_id, count(*), -sum(g.amount), -sum(g.bonus_amount),
    -coalesce(sum(g.sessions), 0)
  FROM bill_rollup_new g JOIN member_consume c ON c.id = g.ref_id
  WHERE g.ref_type = 'member_consume' AND g.kind = 'consume' AND c.status = 'completed'
  GROUP BY 2, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Staff shares written: their 业绩 on their line's kind, for completed bills.
CREATE FUNCTION "bill_rollup_shares_in"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bill_rollup_delta (fam, day, store_id, item_kind, performance)
  SELECT 2, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date, c.store_id, l.item_kind, sum(x.performance)
  FROM bill_rollup_new x JOIN member_consume c ON c.id = x.consume_id
  JOIN member_consume_line l ON l.consume_id = x.consume_id AND l.line = x.line
  WHERE c.status = 'completed'
  GROUP BY 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bill_rollup_shares_in" AFTER INSERT ON "bill_share" REFERENCING NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_shares_in"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_bills_in" AFTER INSERT ON "member_consume" REFERENCING NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_bills_in"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_bills_up" AFTER UPDATE ON "member_consume" REFERENCING OLD TABLE AS bill_rollup_old NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_bills_up"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_payments_in" AFTER INSERT ON "bill_payment" REFERENCING NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_payments_in"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_lines_in" AFTER INSERT ON "member_consume_line" REFERENCING NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_lines"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_lines_up" AFTER UPDATE ON "member_consume_line" REFERENCING OLD TABLE AS bill_rollup_old NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_lines"();--> statement-breakpoint
CREATE TRIGGER "bill_rollup_draws_in" AFTER INSERT ON "card_ledger" REFERENCING NEW TABLE AS bill_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION "bill_rollup_draws_in"();--> statement-breakpoint
-- On a database that already has bills: the rollups from its facts.
SELECT "bill_rollups_fill"('');
