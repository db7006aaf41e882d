/* crapette-notation-rules.c: the rule options as text, read and written in one place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "reserve=13 start=low-card idle-turns=50" is how positions, round records,
 * saved matches and crapette-sim's options write the rule options
 * (docs/notation.md, "Rules"); "mistakes=called" is added only when mistakes
 * are called, so that every record written before the option reads and
 * writes as it did. This file is the one reader and the one
 * writer of that text; everything else calls it. An option read is checked
 * at once against the others (crapette_rules_validate()), so no caller ever
 * holds rules a round cannot be dealt with.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

typedef enum
{
  RULE_RESERVE,
  RULE_START,
  RULE_IDLE_TURNS,
  RULE_MISTAKES,
  N_RULES
} RuleKey;

static const char * const rule_keys[N_RULES] = { "reserve", "start", "idle-turns", "mistakes" };

static gboolean
lookup_rule (const char *word,
             gsize       length,
             RuleKey    *key)
{
  for (guint i = 0; i < N_RULES; i++)
    {
      if (crapette_notation_word_is (word, length, rule_keys[i]))
        {
          *key = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Sets the option @key to the word @value (@length bytes); the message names @line. */
static gboolean
set_rule (CrapetteRules  *rules,
          RuleKey         key,
          const char     *value,
          gsize           length,
          guint           line,
          GError        **error)
{
  guint64 number;

  switch (key)
    {
    case RULE_RESERVE:
      if (!crapette_notation_parse_number (value, length, G_MAXUINT8, line, &number, error))
        return FALSE;
      rules->reserve_size = (guint8) number;
      return TRUE;
    case RULE_IDLE_TURNS:
      if (!crapette_notation_parse_number (value, length, G_MAXUINT16, line, &number, error))
        return FALSE;
      rules->idle_turn_limit = (guint16) number;
      return TRUE;
    case RULE_MISTAKES:
      {
        g_autofree char *nick = g_ascii_strdown (value, length);
        int mistakes;

        if (!crapette_enum_from_nick (CRAPETTE_TYPE_MISTAKES, nick, &mistakes))
          {
            g_autofree char *quote = crapette_notation_excerpt_word (value, length);

            crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                         _("“%s” is not a rule for mistakes; "
                                           "write prevented or called"),
                                         quote);
            return FALSE;
          }
        rules->mistakes = (guint8) mistakes;
        return TRUE;
      }
    case RULE_START:
    case N_RULES:
    default:
      {
        /* Words of the notation are read whatever their case. */
        g_autofree char *nick = g_ascii_strdown (value, length);
        int first_player;

        if (!crapette_enum_from_nick (CRAPETTE_TYPE_FIRST_PLAYER, nick, &first_player))
          {
            g_autofree char *quote = crapette_notation_excerpt_word (value, length);

            crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                         _("“%s” is not a rule for who starts; "
                                           "write low-card or alternate"),
                                         quote);
            return FALSE;
          }
        rules->first_player = (guint8) first_player;
        return TRUE;
      }
    }
}

static gboolean
validate_rules (const CrapetteRules  *rules,
                guint                 line,
                GError              **error)
{
  g_autoptr(GError) invalid = NULL;

  if (crapette_rules_validate (rules, &invalid))
    return TRUE;
  crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line, "%s",
                               invalid->message);
  return FALSE;
}

/* Reads "key=value" words from @text over @rules, each option at most once; a
 * message names @line (none when 0). */
gboolean
crapette_notation_read_rules (const char     *text,
                              guint           line,
                              CrapetteRules  *rules,
                              GError        **error)
{
  const char *cursor = crapette_notation_skip_blanks (text);
  gboolean seen[N_RULES] = { FALSE };

  while (*cursor != '\0')
    {
      gsize length = crapette_notation_word_length (cursor);
      const char *equals = memchr (cursor, '=', length);
      gsize key_length = equals != NULL ? (gsize) (equals - cursor) : length;
      RuleKey key;

      if (!lookup_rule (cursor, key_length, &key))
        {
          g_autofree char *quote = crapette_notation_excerpt_word (cursor, key_length);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("Unknown rule “%s”; "
                                         "the rules are reserve, start, idle-turns and mistakes"),
                                       quote);
          return FALSE;
        }
      if (seen[key])
        {
          g_autofree char *quote = crapette_notation_excerpt (cursor, key_length);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("The rule “%s” is given twice"), quote);
          return FALSE;
        }
      seen[key] = TRUE;
      if (equals == NULL)
        {
          g_autofree char *quote = crapette_notation_excerpt (cursor, length);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("The rule “%s” needs a value, like reserve=13"), quote);
          return FALSE;
        }
      if (!set_rule (rules, key, equals + 1, length - key_length - 1, line, error))
        return FALSE;
      cursor = crapette_notation_skip_blanks (cursor + length);
    }
  return validate_rules (rules, line, error);
}

/* Reads rule options ("reserve=12 start=alternate") over @rules: an option not
 * named keeps its value. FALSE with @error set (%CRAPETTE_NOTATION_ERROR) if the
 * text is not rule options or the rules it gives cannot be played. */
gboolean
crapette_notation_parse_rules (const char     *text,
                               CrapetteRules  *rules,
                               GError        **error)
{
  CrapetteRules read;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  read = *rules;
  if (!g_utf8_validate (text, -1, NULL))
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0,
                                   _("The text is not valid UTF-8, or holds a zero byte"));
      return FALSE;
    }
  if (!crapette_notation_read_rules (text, 0, &read, error))
    return FALSE;
  *rules = read;
  return TRUE;
}

/* Sets the one option @key ("reserve", "start", "idle-turns" or "mistakes") of @rules to the
 * text @value, as crapette_notation_parse_rules() reads "key=value". */
gboolean
crapette_notation_set_rule (CrapetteRules  *rules,
                            const char     *key,
                            const char     *value,
                            GError        **error)
{
  CrapetteRules read;
  RuleKey rule;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (key != NULL && value != NULL, FALSE);

  if (!lookup_rule (key, strlen (key), &rule))
    {
      g_autofree char *quote = crapette_notation_excerpt_word (key, strlen (key));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0,
                                   _("Unknown rule “%s”; "
                                     "the rules are reserve, start, idle-turns and mistakes"),
                                   quote);
      return FALSE;
    }
  read = *rules;
  if (!set_rule (&read, rule, value, strlen (value), 0, error) ||
      !validate_rules (&read, 0, error))
    return FALSE;
  *rules = read;
  return TRUE;
}

/* The rule options as the notation writes them: "reserve=13 start=low-card idle-turns=50",
 * then " mistakes=called" when mistakes are called. */
char *
crapette_notation_format_rules (const CrapetteRules *rules)
{
  GString *out;

  g_return_val_if_fail (rules != NULL, NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "%s=%u %s=%s %s=%u",
                          rule_keys[RULE_RESERVE], rules->reserve_size,
                          rule_keys[RULE_START],
                          crapette_enum_to_nick (CRAPETTE_TYPE_FIRST_PLAYER, rules->first_player),
                          rule_keys[RULE_IDLE_TURNS], rules->idle_turn_limit);
  if (rules->mistakes != CRAPETTE_MISTAKES_PREVENTED)
    g_string_append_printf (out, " %s=%s", rule_keys[RULE_MISTAKES],
                            crapette_enum_to_nick (CRAPETTE_TYPE_MISTAKES, rules->mistakes));
  return g_string_free (out, FALSE);
}
