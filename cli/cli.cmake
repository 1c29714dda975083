# cli/cli.cmake - the `rankfile` program: its commands (cli/, one file per command, over app/ and
# rankfile.h) as the library `rankfile_commands`, whose cli_main the tests and fuzz targets call,
# and the program, main() over it. This is the one place that names the files of cli/.
set(RF_CLI_FILES
  commands.c cmd_fen.c cmd_moves.c cmd_play.c cmd_status.c cmd_judge.c cmd_atomic.c
  cmd_960.c cmd_is960.c cmd_show.c cmd_key.c cmd_book.c cmd_opening.c cmd_tb.c cmd_pgn.c
  cmd_analyse.c
  # perft: the count and --divide, and its files
  cmd_perft.c perft_count.c perft_input.c perft_suite_cmd.c perft_jobs.c perft_job_file.c)
list(TRANSFORM RF_CLI_FILES PREPEND ${PROJECT_SOURCE_DIR}/cli/)
add_library(rankfile_commands STATIC ${RF_CLI_FILES})
target_include_directories(rankfile_commands PUBLIC ${PROJECT_SOURCE_DIR}/cli)
# perft's files use the library's internal perft interface, src/perft_plan.h: the one header
# of src/ that cli/ includes.
target_include_directories(rankfile_commands PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_options(rankfile_commands PRIVATE ${RF_WARNINGS})
target_link_libraries(rankfile_commands PUBLIC rankfile_app)
set_target_properties(rankfile_commands PROPERTIES C_VISIBILITY_PRESET hidden)

# The program `rankfile`: cli_main on the process's standard streams.
add_executable(rankfile_cli ${PROJECT_SOURCE_DIR}/cli/main.c)
set_target_properties(rankfile_cli PROPERTIES OUTPUT_NAME rankfile)
target_compile_options(rankfile_cli PRIVATE ${RF_WARNINGS})
target_link_libraries(rankfile_cli PRIVATE rankfile_commands)
