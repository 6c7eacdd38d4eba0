// Platform tables: accounts, groups, the menu tree and its per-group permissions, sessions, login
// throttling, captchas, settings, changelog, and the dashboard counters.
//
// Column names are the lower-cased wire names of spec/ (Full_Name -> full_name). Audit columns
// (created_date/by, edited_date/by) are filled by db/audit.ts, in one place.
//
// Dashboard counters are maintained by triggers in the same transaction as the row change, so a count read
// from status_counters is always exactly count(*) of the table it mirrors, however many writers run at once.
// The core document tables (sap_orders, orders, shipments) start here with the columns the counters need;
// their own issues add the rest.
import type { Knex } from 'knex';

/** Business day boundaries for "completed per day" are those of the company (Western Indonesia Time). */
export const BUSINESS_TIME_ZONE = 'Asia/Jakarta';

function audit(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.string('created_by', 100);
  t.timestamp('edited_date', { useTz: true });
  t.string('edited_by', 100);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 100).notNullable();
    t.string('password_hash', 255);
    t.string('full_name', 200).notNullable();
    t.string('employee_number', 50);
    t.string('email', 200);
    t.string('phone', 50);
    // USER, TRANSPORTER, DRIVER, CUSTOMER, VENDOR (spec/3 §6)
    t.string('role', 20).notNullable().defaultTo('USER');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('use_ad').notNullable().defaultTo(false);
    // WAREHOUSE or LOGISTIC for internal users
    t.string('department', 20);
    t.string('language', 2).notNullable().defaultTo('en');
    t.string('transporter_code', 50);
    t.string('customer_vendor_code', 50);
    t.boolean('is_active').notNullable().defaultTo(true);
    // INACTIVITY (the 90-day schedule) or ADMIN
    t.string('inactive_reason', 20);
    t.timestamp('inactive_date', { useTz: true });
    t.boolean('must_change_password').notNullable().defaultTo(true);
    // FIRST_LOGIN or RESET (admin reset)
    t.string('change_password_reason', 20).defaultTo('FIRST_LOGIN');
    t.timestamp('password_changed_date', { useTz: true });
    t.timestamp('privacy_consent_date', { useTz: true });
    t.timestamp('last_login_date', { useTz: true });
    audit(t, knex);
  });
  await knex.raw('create unique index users_username_uq on users (lower(username))');
  await knex.raw(
    'create index users_activity_idx on users (is_active, coalesce(last_login_date, created_date))',
  );

  await knex.schema.createTable('user_groups', (t) => {
    t.increments('id');
    t.string('code', 50).notNullable().unique();
    t.string('name', 200).notNullable();
    t.string('description', 500);
    t.boolean('is_active').notNullable().defaultTo(true);
    audit(t, knex);
  });

  await knex.schema.createTable('user_group_members', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('group_id').notNullable().references('user_groups.id').onDelete('CASCADE');
    t.primary(['user_id', 'group_id']);
    t.index(['group_id']);
  });

  await knex.schema.createTable('menus', (t) => {
    t.increments('id');
    t.string('code', 100).notNullable().unique();
    t.integer('parent_id').references('menus.id').onDelete('CASCADE');
    t.string('controller', 100);
    t.string('action', 100);
    t.string('route', 200);
    t.string('title_en', 200).notNullable();
    t.string('title_id', 200).notNullable();
    t.string('icon', 50);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('requires_login').notNullable().defaultTo(true);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.index(['parent_id']);
    t.index(['controller']);
  });

  await knex.schema.createTable('group_menus', (t) => {
    t.integer('group_id').notNullable().references('user_groups.id').onDelete('CASCADE');
    t.integer('menu_id').notNullable().references('menus.id').onDelete('CASCADE');
    t.boolean('can_view').notNullable().defaultTo(false);
    t.boolean('can_create').notNullable().defaultTo(false);
    t.boolean('can_edit').notNullable().defaultTo(false);
    t.boolean('can_delete').notNullable().defaultTo(false);
    t.primary(['group_id', 'menu_id']);
    t.index(['menu_id']);
  });

  // One row per issued token (its jti). Logout, password change and deactivation set revoked_date; the
  // auth middleware looks the row up on every request, so revocation takes effect on the next request.
  await knex.schema.createTable('auth_tokens', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_date', { useTz: true }).notNullable();
    t.timestamp('revoked_date', { useTz: true });
    t.string('revoked_reason', 30);
    t.string('ip', 64);
    t.string('user_agent', 300);
    t.index(['user_id']);
  });

  // Every credential check, kept for the per-account / per-address limits and as a login audit trail.
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.string('username', 100).notNullable();
    t.string('ip', 64).notNullable();
    t.boolean('success').notNullable();
    t.string('reason', 30);
    t.timestamp('attempted_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index login_attempts_user_idx on login_attempts (lower(username), attempted_date)');
  await knex.raw('create index login_attempts_ip_idx on login_attempts (ip, attempted_date)');

  await knex.schema.createTable('captcha_challenges', (t) => {
    t.uuid('id').primary();
    t.string('answer_hash', 128).notNullable();
    t.timestamp('expires_date', { useTz: true }).notNullable();
    t.timestamp('used_date', { useTz: true });
  });

  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value');
    audit(t, knex);
  });

  await knex.schema.createTable('changelogs', (t) => {
    t.increments('id');
    t.string('version', 30).notNullable().unique();
    t.date('version_date').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    audit(t, knex);
  });
  await knex.schema.createTable('changelog_details', (t) => {
    t.increments('id');
    t.integer('changelog_id').notNullable().references('changelogs.id').onDelete('CASCADE');
    t.text('description').notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['changelog_id']);
  });

  // Core documents, first columns only (see header comment).
  await knex.schema.createTable('sap_orders', (t) => {
    t.increments('id');
    t.string('document_no', 50).notNullable();
    t.string('status', 40).notNullable();
    audit(t, knex);
  });
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('order_no', 50).notNullable().unique();
    t.string('status', 60).notNullable();
    t.timestamp('completed_date', { useTz: true });
    audit(t, knex);
  });
  await knex.schema.createTable('shipments', (t) => {
    t.increments('id');
    t.string('shipment_no', 50).notNullable().unique();
    t.string('status', 40).notNullable();
    t.string('progress_status', 40);
    t.timestamp('completed_date', { useTz: true });
    audit(t, knex);
  });

  await knex.schema.createTable('status_counters', (t) => {
    t.string('entity', 20).notNullable();
    t.string('status', 60).notNullable();
    t.bigInteger('total').notNullable().defaultTo(0);
    t.primary(['entity', 'status']);
  });
  await knex.schema.createTable('daily_completions', (t) => {
    t.string('entity', 20).notNullable();
    t.date('day').notNullable();
    t.bigInteger('total').notNullable().defaultTo(0);
    t.primary(['entity', 'day']);
  });

  await knex.raw(`
    create function bump_status_counter(p_entity text, p_status text, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_status is null then return; end if;
      insert into status_counters (entity, status, total) values (p_entity, p_status, p_delta)
        on conflict (entity, status) do update set total = status_counters.total + excluded.total;
    end $$;
  `);
  await knex.raw(`
    create function bump_daily_completion(p_entity text, p_at timestamptz, p_delta int) returns void
    language plpgsql as $$
    begin
      if p_at is null then return; end if;
      insert into daily_completions (entity, day, total)
        values (p_entity, (p_at at time zone '${BUSINESS_TIME_ZONE}')::date, p_delta)
        on conflict (entity, day) do update set total = daily_completions.total + excluded.total;
    end $$;
  `);
  await knex.raw(`
    -- A shipment is counted by its stage: the progress sub-status when it has one, else its status.
    -- Rows are read through jsonb so one function serves tables with different columns.
    create function track_document_counters() returns trigger
    language plpgsql as $$
    declare
      v_entity text := TG_ARGV[0];
      v_old jsonb;
      v_new jsonb;
      v_old_key text;
      v_new_key text;
      v_old_done timestamptz;
      v_new_done timestamptz;
    begin
      if TG_OP in ('UPDATE', 'DELETE') then
        v_old := to_jsonb(OLD);
        v_old_key := coalesce(v_old->>'progress_status', v_old->>'status');
        if v_old->>'status' = 'COMPLETED' then v_old_done := (v_old->>'completed_date')::timestamptz; end if;
      end if;
      if TG_OP in ('UPDATE', 'INSERT') then
        v_new := to_jsonb(NEW);
        v_new_key := coalesce(v_new->>'progress_status', v_new->>'status');
        if v_new->>'status' = 'COMPLETED' then v_new_done := (v_new->>'completed_date')::timestamptz; end if;
      end if;
      if v_old_key is distinct from v_new_key then
        perform bump_status_counter(v_entity, v_old_key, -1);
        perform bump_status_counter(v_entity, v_new_key, 1);
      end if;
      if v_old_done is distinct from v_new_done then
        perform bump_daily_completion(v_entity, v_old_done, -1);
        perform bump_daily_completion(v_entity, v_new_done, 1);
      end if;
      return null;
    end $$;
  `);
  await knex.raw(`
    create trigger sap_orders_counters after insert or update of status or delete on sap_orders
      for each row execute function track_document_counters('SAP_ORDER')`);
  await knex.raw(`
    create trigger orders_counters after insert or update of status, completed_date or delete on orders
      for each row execute function track_document_counters('ORDER')`);
  await knex.raw(`
    create trigger shipments_counters after insert or update of status, progress_status, completed_date or delete on shipments
      for each row execute function track_document_counters('SHIPMENT')`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['shipments', 'orders', 'sap_orders']) await knex.schema.dropTableIfExists(table);
  await knex.raw('drop function if exists track_document_counters() cascade');
  await knex.raw('drop function if exists bump_daily_completion(text, timestamptz, int)');
  await knex.raw('drop function if exists bump_status_counter(text, text, int)');
  for (const table of [
    'daily_completions',
    'status_counters',
    'changelog_details',
    'changelogs',
    'app_settings',
    'captcha_challenges',
    'login_attempts',
    'auth_tokens',
    'group_menus',
    'menus',
    'user_group_members',
    'user_groups',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
