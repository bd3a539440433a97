// The floor for a list that reads its page from PostgreSQL: a bare Fastify route that runs one
// prepared statement (the site list's 50 rows and columns, as the database owner: no row-level
// security, no session, no company setting, no validation) through node-postgres and answers the
// rows. No implementation of the real route can cost less than this one, on the same machine.
// `/rows`: the driver parses the rows and Fastify writes the JSON. `/json`: PostgreSQL writes the
// page's JSON and the route passes the text on unparsed.
import Fastify from 'fastify';
import pg from 'pg';

const companyId = process.env.FLOOR_COMPANY_ID ?? '';
// Idle connections stay: one closing mid-run would take its CPU time out of the /proc sums.
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10, idleTimeoutMillis: 0 });
const page = `select id, name, address, type, contact_name as "contactName", contact_phone as "contactPhone",
    contact_email as "contactEmail", status, latitude, longitude, geofence_radius_m as "geofenceRadiusM",
    required_qualifications as "requiredQualifications", created_at as "createdAt", updated_at as "updatedAt"
  from sites where company_id = $1 order by name, id limit 51`;

const app = Fastify({ logger: false });
app.get(
  '/rows',
  async () => (await pool.query({ name: 'floor_rows', text: page, values: [companyId] })).rows,
);
app.get('/json', async (_req, reply) => {
  const r = await pool.query({
    name: 'floor_json',
    text: `select coalesce(json_agg(p), '[]')::text as body from (${page}) p`,
    values: [companyId],
  });
  return reply.type('application/json').send(r.rows[0].body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('listening');
