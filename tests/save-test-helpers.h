/* save-test-helpers.h: what the tests of the saved game share, without GTK
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * save_test_drop_root() needs setgroups(): define _DEFAULT_SOURCE before config.h.
 */

#pragma once

#include <grp.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "crapette-savegame.h"

/* Removes every file from the save folder, so each test starts from nothing. */
static inline void
save_test_empty_folder (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (folder, name, NULL);

      g_assert_cmpint (g_remove (file), ==, 0);
    }
}

/* Returns the text of the saved game, or %NULL when there is none. */
static inline char *
save_test_read (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Root writes anywhere, so a test of a folder that cannot be written to runs as "nobody": in
 * a subprocess, which drops root here and makes its folders in /tmp from then on. */
static inline void
save_test_drop_root (void)
{
  if (getuid () == 0)
    {
      g_assert_cmpint (setgroups (0, NULL), ==, 0);
      g_assert_cmpint (setgid (65534), ==, 0);
      g_assert_cmpint (setuid (65534), ==, 0);
    }
  g_assert_cmpint (geteuid (), !=, 0);
  g_setenv ("TMPDIR", "/tmp", TRUE);
}
