ALTER TABLE "member_card" ALTER COLUMN "card_no" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "member_card" ALTER COLUMN "card_no" SET DEFAULT '';--> statement-breakpoint
-- A card made without a number gets the system number, as the generated column gave it (补卡 gives the new card's printed one).
CREATE FUNCTION member_card_no_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.card_no IS NULL OR NEW.card_no = '' THEN
    NEW.card_no := 'KH' || lpad(NEW.id::text, 8, '0');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER member_card_no_fill BEFORE INSERT ON "member_card" FOR EACH ROW EXECUTE FUNCTION member_card_no_fill();--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_no_chk" CHECK ("card_no" <> '');
