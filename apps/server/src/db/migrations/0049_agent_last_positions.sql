CREATE TABLE "agent_last_positions" (
	"company_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_last_positions_company_id_agent_id_pk" PRIMARY KEY("company_id","agent_id")
);
--> statement-breakpoint
ALTER TABLE "agent_last_positions" ADD CONSTRAINT "agent_last_positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_last_positions" ADD CONSTRAINT "agent_last_positions_position_fk" FOREIGN KEY ("company_id","position_id") REFERENCES "public"."agent_positions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_last_positions_position_idx" ON "agent_last_positions" USING btree ("company_id","position_id");--> statement-breakpoint
-- Hand-written: row-level security, the trigger that keeps each agent's latest position on every
-- insert into agent_positions (whoever writes it: clock-in, lone worker, SOS, duty), and the rows of
-- the positions already there. Only a newer position replaces the kept one; the kept row goes with
-- its position (foreign key on delete cascade), so the retention purge needs nothing more.
ALTER TABLE agent_last_positions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE agent_last_positions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON agent_last_positions USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_last_positions_keep() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO agent_last_positions AS l (company_id, agent_id, position_id, latitude, longitude, recorded_at)
    VALUES (NEW.company_id, NEW.agent_id, NEW.id, NEW.latitude, NEW.longitude, NEW.recorded_at)
    ON CONFLICT (company_id, agent_id) DO UPDATE
      SET position_id = EXCLUDED.position_id, latitude = EXCLUDED.latitude,
          longitude = EXCLUDED.longitude, recorded_at = EXCLUDED.recorded_at
      WHERE l.recorded_at <= EXCLUDED.recorded_at;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER agent_positions_keep_last AFTER INSERT ON agent_positions
  FOR EACH ROW EXECUTE FUNCTION agent_last_positions_keep();--> statement-breakpoint
INSERT INTO agent_last_positions (company_id, agent_id, position_id, latitude, longitude, recorded_at)
  SELECT DISTINCT ON (p.company_id, p.agent_id) p.company_id, p.agent_id, p.id, p.latitude, p.longitude, p.recorded_at
    FROM agent_positions p
   ORDER BY p.company_id, p.agent_id, p.recorded_at DESC;
