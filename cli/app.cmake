# cli/app.cmake - the application library `rankfile_app`: everything of cli/ but main(): the
# plumbing the programs share (options, messages, suggestions, numbers, JSON, batch, the
# position reader, input files and encodings, the status/outcome JSON, the SVG writer, text
# quoting), the commands and their dispatcher cli_main. `rankfile` (cli/main.c), `rankfile-mpi`,
# the fuzz targets, the tests and the Python extension link it; the web page (Makefile, emcc)
# compiles the same list, printed by `cmake -P cli/app.cmake`. This is the one place that
# names the files of cli/ (main.c: the program, at the end).
set(RF_APP_FILES
  # plumbing
  message.c options.c suggest.c number.c json.c bad_input.c batch.c position.c input.c encoding.c
  outcome.c svg.c
  # the UCI engine driver (`rankfile analyse`, the Python extension)
  uci.c
  # the commands and the dispatcher
  commands.c cmd_fen.c cmd_moves.c cmd_play.c cmd_status.c cmd_judge.c cmd_atomic.c
  cmd_960.c cmd_is960.c cmd_show.c cmd_key.c cmd_book.c cmd_opening.c eco_file.c cmd_tb.c cmd_pgn.c pgn_game.c pgn_filter.c pgn_columns.c
  pgn_threads.c
  # analyse: the engine pool, its inputs, output and checkpoint
  cmd_analyse.c analyse.c analyse_game.c analyse_output.c analyse_checkpoint.c
  # perft: the count and --divide, and its files
  cmd_perft.c perft_count.c perft_input.c perft_suite_cmd.c perft_jobs.c perft_job_file.c)

if(CMAKE_SCRIPT_MODE_FILE)
  # `cmake -P cli/app.cmake`: the sources relative to the project's root, one line.
  list(TRANSFORM RF_APP_FILES PREPEND cli/)
  string(JOIN " " RF_APP_LIST ${RF_APP_FILES})
  execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${RF_APP_LIST}")
  return()
endif()

set(RF_APP_SOURCES ${RF_APP_FILES})
list(TRANSFORM RF_APP_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/cli/)
add_library(rankfile_app STATIC ${RF_APP_SOURCES})
target_include_directories(rankfile_app PUBLIC ${PROJECT_SOURCE_DIR}/cli)
# perft's files use the library's internal perft plan and suite reader (src/perft_plan.h,
# src/perft_suite.h).
target_include_directories(rankfile_app PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_options(rankfile_app PRIVATE ${RF_WARNINGS})
# Compressed input (input.c), as found above: the definitions for its source, the libraries for
# whatever links it.
target_compile_definitions(rankfile_app PRIVATE ${RF_CLI_INPUT_DEFINITIONS})
# analyse_output.c: exp() of the winning chances (libm).
target_link_libraries(rankfile_app PUBLIC rankfile_static ${RF_CLI_INPUT_LIBS} m)
# Internal: linked into programs and the Python extension, exported by none of them.
set_target_properties(rankfile_app PROPERTIES C_VISIBILITY_PRESET hidden)

# The program `rankfile`: cli_main on the process's standard streams.
add_executable(rankfile_cli ${PROJECT_SOURCE_DIR}/cli/main.c)
set_target_properties(rankfile_cli PROPERTIES OUTPUT_NAME rankfile)
target_compile_options(rankfile_cli PRIVATE ${RF_WARNINGS})
target_link_libraries(rankfile_cli PRIVATE rankfile_app)
