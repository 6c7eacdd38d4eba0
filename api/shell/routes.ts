// Shell utilities: language, version, changelog, important notice (spec/1 §7).
import { z } from 'zod';
import { defineRoute } from '../http';
import { LANGUAGES, type Language } from '../i18n';
import pkg from '../../package.json';

export const IMPORTANT_NOTICE_KEY = 'IMPORTANT_NOTICE';
/** The notice is kept per language: IMPORTANT_NOTICE (English) and IMPORTANT_NOTICE_ID (Indonesian). */
export const IMPORTANT_NOTICE_KEYS: Record<Language, string> = {
  en: IMPORTANT_NOTICE_KEY,
  id: 'IMPORTANT_NOTICE_ID',
};

export const utilRoutes = [
  defineRoute({
    method: 'post',
    path: '/util/change_language',
    summary: "Stores the user's interface language (en or id).",
    access: 'authenticated',
    body: z.object({ language: z.enum(LANGUAGES) }),
    handler: async ({ deps, body, user, ctx }) => {
      await deps.db('users').where({ id: user.id }).update({ language: body.language });
      ctx.state.lang = body.language;
      return { message: 'util.languageChanged', data: { language: body.language } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/version',
    summary: 'Product version and environment label.',
    access: 'public',
    handler: ({ deps }) => ({
      data: { version: pkg.version, environment: deps.config.APP_ENVIRONMENT, product: 'TMS' },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/util/changelog',
    summary: 'Release notes, newest first.',
    access: 'authenticated',
    handler: async ({ deps }) => {
      const versions = (await deps
        .db('changelogs')
        .where('is_active', true)
        .orderBy('version_date', 'desc')
        .orderBy('id', 'desc')
        .select('id', 'version', deps.db.raw(`to_char(version_date, 'YYYY-MM-DD') as version_date`))) as {
        id: number;
        version: string;
        version_date: string;
      }[];
      const details = (await deps
        .db('changelog_details')
        .whereIn(
          'changelog_id',
          versions.map((v) => v.id),
        )
        .orderBy(['changelog_id', 'sort_order', 'id'])) as {
        id: number;
        changelog_id: number;
        description: string;
      }[];
      return {
        data: versions.map((v) => ({
          Version: v.version,
          Version_Date: v.version_date,
          Details: details
            .filter((d) => d.changelog_id === v.id)
            .map((d) => ({ Id: d.id, Description: d.description })),
        })),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/important_notice',
    summary:
      "The important-notice HTML shown on the dashboard, in the user's language (the other language's when it has " +
      'none; "" when neither has one). Sanitised again by the console.',
    access: 'authenticated',
    handler: async ({ deps, lang }) => {
      const other: Language = lang === 'id' ? 'en' : 'id';
      const rows = (await deps
        .db('app_settings')
        .whereIn('key', [IMPORTANT_NOTICE_KEYS[lang], IMPORTANT_NOTICE_KEYS[other]])
        .select('key', 'value')) as { key: string; value: string | null }[];
      const of = (l: Language) => rows.find((r) => r.key === IMPORTANT_NOTICE_KEYS[l])?.value?.trim() || '';
      return { data: of(lang) || of(other) };
    },
  }),
];
