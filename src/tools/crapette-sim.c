/* crapette-sim.c: plays, replays and checks rounds without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This file reads the command line and replays or lists a record's moves;
 * crapette-sim-games.c plays rounds between two computer players and tallies
 * them. Both use only the engine's public headers.
 */

#define G_LOG_DOMAIN "crapette-sim"

#include "config.h"

#include "crapette-sim-private.h"

#include <signal.h>

#include "crapette-locale.h"
#include "crapette-notation.h"
#include "crapette-player.h"
#include "crapette-round.h"

static CrapetteRound *
read_record (const char  *path,
             GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;
  CrapetteRound *round;
  GError *local_error = NULL;

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  round = crapette_notation_parse_round (text, (gssize) length, &local_error);
  if (round == NULL)
    g_propagate_prefixed_error (error, local_error, "%s: ", path);
  return round;
}

static void
print_json_string (const char *text)
{
  g_autoptr(GString) quoted = g_string_new ("\"");

  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (quoted, "\\\""); break;
        case '\\': g_string_append (quoted, "\\\\"); break;
        case '\n': g_string_append (quoted, "\\n"); break;
        case '\t': g_string_append (quoted, "\\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append_printf (quoted, "\\u%04x", (guchar) *p);
          else
            g_string_append_c (quoted, *p);
        }
    }
  g_string_append_c (quoted, '"');
  g_print ("%s", quoted->str);
}

static int
run_replay (const Options  *options,
            GError        **error)
{
  g_autoptr(CrapetteRound) round = read_record (options->replay_file, error);
  g_autofree char *position_text = NULL;
  const CrapettePosition *position;
  CrapetteRoundResult result;

  if (round == NULL)
    return 1;

  position = crapette_round_get_position (round);
  crapette_position_score (position, &result);
  position_text = crapette_notation_format_position (position);
  if (options->json)
    {
      g_print ("{\"mode\": \"replay\", \"moves\": %u, \"outcome\": \"%s\", \"winner\": \"%s\", "
               "\"points\": %u, \"counts\": [%u, %u], \"position\": ",
               crapette_round_get_n_moves (round),
               result.outcome == CRAPETTE_OUTCOME_PLAYING ? "playing"
               : result.outcome == CRAPETTE_OUTCOME_WON ? "won" : "blocked",
               result.winner == CRAPETTE_SOUTH ? "south"
               : result.winner == CRAPETTE_NORTH ? "north" : "none",
               result.points, result.counts[0], result.counts[1]);
      print_json_string (position_text);
      g_print ("}\n");
    }
  else
    {
      g_print ("%s", position_text);
    }
  return 0;
}

static int
run_legal (const Options  *options,
           GError        **error)
{
  g_autoptr(CrapetteRound) round = read_record (options->legal_file, error);
  const CrapettePosition *position;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves;

  if (round == NULL)
    return 1;

  position = crapette_round_get_position (round);
  n_moves = crapette_position_legal_moves (position, moves);
  if (options->json)
    g_print ("{\"mode\": \"legal\", \"count\": %" G_GSIZE_FORMAT ", \"moves\": [", n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      g_autofree char *text = crapette_notation_format_move (position, &moves[i]);

      if (options->json)
        {
          g_print (i > 0 ? ", " : "");
          print_json_string (text);
        }
      else
        {
          g_print ("%s\n", text);
        }
    }
  if (options->json)
    g_print ("]}\n");
  return 0;
}

/* Fills in what the command line left out; FALSE (with a message) if an option is wrong. */
static gboolean
apply_defaults (Options *options)
{
  if (options->variant_key == NULL)
    options->variant_key = g_strdup ("russian");
  if (options->players == NULL)
    options->players = g_strdup ("random,random");
  if (options->games == 0)
    options->games = 100;
  if (options->seed == 0)
    options->seed = 1;
  if (options->games < 0)
    {
      g_printerr ("crapette-sim: --games must be positive\n");
      return FALSE;
    }
  if (options->computer_mistakes != NULL && !g_str_equal (options->computer_mistakes, "yes") &&
      !g_str_equal (options->computer_mistakes, "no"))
    {
      g_printerr ("crapette-sim: --computer-mistakes is yes or no\n");
      return FALSE;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  Options options = { 0 };
  g_autofree char *kinds = NULL;
  g_autofree char *players_help = NULL;
  g_autofree char *host_where = NULL;
  g_autofree char *join_where = NULL;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &options.variant_key,
      "The game: russian (default) or american", "NAME" },
    { "games", 'n', 0, G_OPTION_ARG_INT64, &options.games, "How many rounds to play (default 100)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &options.seed, "The first deal number (default 1)", "S" },
    { "players", 'p', 0, G_OPTION_ARG_STRING, &options.players, NULL, "A,B" },
    { "replay", 0, 0, G_OPTION_ARG_FILENAME, &options.replay_file,
      "Check a record move by move and print its final position", "FILE" },
    { "legal", 0, 0, G_OPTION_ARG_FILENAME, &options.legal_file,
      "Print every legal move in the final position of a record", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &options.json, "Print one JSON object instead of text", NULL },
    { "reserve", 0, 0, G_OPTION_ARG_INT, &options.reserve_size, "Russian Bank reserve size: 12 or 13", "N" },
    { "first-player", 0, 0, G_OPTION_ARG_STRING, &options.first_player,
      "Russian Bank: low-card or alternate", "RULE" },
    { "idle-turns", 0, 0, G_OPTION_ARG_INT, &options.idle_turn_limit,
      "Turns without progress that block a round (10–500)", "N" },
    { "mistakes", 0, 0, G_OPTION_ARG_STRING, &options.mistakes,
      "prevented (default) or called: a move that breaks the order of play is refused, or allowed and called by the opponent", "RULE" },
    { "computer-mistakes", 0, 0, G_OPTION_ARG_STRING, &options.computer_mistakes,
      "yes or no: whether both players break a duty on purpose now and then (default: each level's own)", "YES|NO" },
    { "records", 0, 0, G_OPTION_ARG_NONE, &options.record_all, "Print the record of every round", NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &options.check,
      "Check the position's invariants after every move, and that the judge accepts every generated move", NULL },
    { "host", 0, 0, G_OPTION_ARG_STRING, &host_where,
      "Host a network match and play the first of --players at South: on ADDRESS:PORT (port 0: any free one; prints the join address), or over XMPP with xmpp (signs in with --xmpp-account; prints the invitation)", "ADDRESS:PORT|xmpp" },
    { "join", 0, 0, G_OPTION_ARG_STRING, &join_where,
      "Join a network match and play the first of --players at North: a join address (crapette-direct://…), an invitation (xmpp:…), or nearby (the first match announced nearby)", "ADDRESS|INVITATION|nearby" },
    { "announce", 0, 0, G_OPTION_ARG_NONE, &options.announce,
      "Announce the hosted match on the network by DNS-SD (host on an address others reach)", NULL },
    { "xmpp-account", 0, 0, G_OPTION_ARG_STRING, &options.xmpp_account,
      "The XMPP account: name@server (password in CRAPETTE_XMPP_PASSWORD), or a server alone to sign in as a guest", "JID" },
    { "xmpp-server", 0, 0, G_OPTION_ARG_STRING, &options.xmpp_server,
      "Connect to HOST:PORT instead of what the account's DNS records say", "HOST:PORT" },
    { "xmpp-rooms", 0, 0, G_OPTION_ARG_STRING, &options.xmpp_rooms,
      "The chat service the hosted match's room is made on (default: conference. and the account's server)", "SERVICE" },
    { "xmpp-ca", 0, 0, G_OPTION_ARG_FILENAME, &options.xmpp_ca,
      "Certificates to trust besides the system's, for the XMPP server", "FILE" },
    { "match-length", 0, 0, G_OPTION_ARG_INT, &options.match_length,
      "The hosted network match's length: Russian Bank's points to reach (default 300), American Bank's odd number of rounds (default 3)", "N" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &options.name, "This seat's name in a network match", "NAME" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &options.record_file,
      "Write the network match's record to FILE at the end", "FILE" },
    { "line-times", 0, 0, G_OPTION_ARG_FILENAME, &options.line_times_file,
      "Write to FILE when each move was played here and each of the other's arrived (monotonic µs), for bench/net-matches.sh", "FILE" },
    { "certificate", 0, 0, G_OPTION_ARG_FILENAME, &options.certificate_file,
      "The host's certificate and key (made at first use; default: the user's data folder)", "FILE" },
    { "time-limit", 0, 0, G_OPTION_ARG_INT, &options.time_limit,
      "Seconds a network match may take before it is given up (default 300)", "S" },
    { "seed-deal", 0, 0, G_OPTION_ARG_NONE, &options.seed_deal,
      "In a network match, offer only the seed deal (fair but not hidden), as an older program does; the hidden deal is offered otherwise", NULL },
    { "reveals", 0, 0, G_OPTION_ARG_FILENAME, &options.reveals_file,
      "Write to FILE each card a hidden deal shows at this table (\"ROUND CARD\")", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  crapette_locale_bind_catalogues ();
  /* A peer that goes away mid-write must not kill the process (issue 29). */
  signal (SIGPIPE, SIG_IGN);

  kinds = g_strjoinv (", ", (char **) crapette_player_list_kinds ());
  players_help = g_strdup_printf ("The two computer players (%s; default random,random)", kinds);
  entries[3].description = players_help;

  context = g_option_context_new ("— play Crapette rounds without a window");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("crapette-sim: %s\n", error->message);
      return 2;
    }

  /* One --host and one --join for every carrier: what follows says which. */
  if (host_where != NULL && join_where != NULL)
    {
      g_printerr ("crapette-sim: --host and --join cannot both be given\n");
      return 2;
    }
  if (host_where != NULL && g_str_equal (host_where, "xmpp"))
    options.host_xmpp = TRUE;
  else if (host_where != NULL)
    options.host_direct = g_steal_pointer (&host_where);
  if (join_where != NULL && g_str_equal (join_where, "nearby"))
    options.join_nearby = TRUE;
  else if (join_where != NULL && g_str_has_prefix (join_where, "xmpp:"))
    options.join_xmpp = g_steal_pointer (&join_where);
  else if (join_where != NULL)
    options.join_direct = g_steal_pointer (&join_where);

  /* In a network match --games counts the rounds to play, one unless told. */
  if ((options.host_direct != NULL || options.join_direct != NULL || options.join_nearby ||
      options.host_xmpp || options.join_xmpp != NULL) &&
      options.games == 0)
    options.games = 1;
  if (!apply_defaults (&options))
    return 2;

  if (options.replay_file != NULL)
    status = run_replay (&options, &error);
  else if (options.legal_file != NULL)
    status = run_legal (&options, &error);
  else if (options.host_direct != NULL || options.join_direct != NULL || options.join_nearby ||
           options.host_xmpp || options.join_xmpp != NULL)
    status = run_network (&options, &error);
  else
    status = run_games (&options, &error);

  if (error != NULL)
    {
      if (options.json)
        {
          g_print ("{\"mode\": \"error\", \"message\": ");
          print_json_string (error->message);
          g_print ("}\n");
        }
      g_printerr ("crapette-sim: %s\n", error->message);
    }

  g_free (options.variant_key);
  g_free (options.players);
  g_free (options.replay_file);
  g_free (options.legal_file);
  g_free (options.first_player);
  g_free (options.mistakes);
  g_free (options.computer_mistakes);
  g_free (options.host_direct);
  g_free (options.join_direct);
  g_free (options.join_xmpp);
  g_free (options.line_times_file);
  g_free (options.xmpp_account);
  g_free (options.xmpp_server);
  g_free (options.xmpp_rooms);
  g_free (options.xmpp_ca);
  g_free (options.name);
  g_free (options.record_file);
  g_free (options.certificate_file);
  g_free (options.reveals_file);
  return status;
}
