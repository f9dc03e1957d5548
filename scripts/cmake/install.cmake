# The appliance install (`cmake --install`) and its Debian package (CPack:
# tabula_<version>_<arch>.deb). scripts/package.sh builds the package with
# the prefix /usr; docs/INSTALL.md installs it on a Raspberry Pi.
#
#   <prefix>/bin/                      tabula, tabula-kiosk, tabula-boardd, tabula-boardcat,
#                                      tabula-hub-screen
#   <prefix>/libexec/tabula/           kiosk-session (what the kiosk unit starts in cage),
#                                      boardd-session (the board daemon on the profile in use)
#   <prefix>/share/tabula/variants/    the variant files (found there by the loader)
#   <prefix>/share/tabula/profiles/    board profiles (copy one to /etc/tabula/board.textproto)
#   <prefix>/share/tabula/mosquitto/   the broker example of the hub (hardware/mosquitto)
#   <prefix>/share/tabula/kiosk.env    the kiosk unit's settings (copy to /etc/tabula/)
#   <prefix>/lib/systemd/system/       tabula-boardd.service, tabula-kiosk.service,
#                                      tabula-boardd.path (+ -restart.service: the setup's profile)
#   <prefix>/lib/udev/rules.d/         60-tabula-gpio.rules
#   <prefix>/lib/sysusers.d/           tabula.conf (the user tabula, group gpio)
#   <prefix>/share/doc/tabula/         INSTALL.md, firmware.md, hardware notes
set(TABULA_BIN_DIR ${CMAKE_INSTALL_FULL_BINDIR})
set(TABULA_LIBEXEC_DIR ${CMAKE_INSTALL_FULL_LIBEXECDIR}/tabula)
set(TABULA_DATA_DIR ${CMAKE_INSTALL_FULL_DATADIR}/tabula)
set(TABULA_PROFILES_DIR ${TABULA_DATA_DIR}/profiles)
set(TABULA_DOC_DIR ${CMAKE_INSTALL_FULL_DATADIR}/doc/tabula)
# Destinations relative to the prefix; the paths written into the units are
# the configured prefix's (configure with the prefix you install to).
set(tabula_libexec_dest ${CMAKE_INSTALL_LIBEXECDIR}/tabula)
set(tabula_data_dest ${CMAKE_INSTALL_DATADIR}/tabula)
set(tabula_doc_dest ${CMAKE_INSTALL_DATADIR}/doc/tabula)
# systemd and udev look under <prefix>/lib, not the multiarch libdir.
set(tabula_systemd_dir lib/systemd/system)
set(tabula_udev_dir lib/udev/rules.d)
set(tabula_sysusers_dir lib/sysusers.d)

# Fixed modes whatever the builder's umask (issue 29: a package built under
# umask 0002 installed /usr/libexec/tabula, /usr/share/tabula and
# /usr/share/doc/tabula group-writable): the directories install() creates
# are 0755; files get install()'s own 0644 (FILES) and 0755 (PROGRAMS).
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
                                                GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(tabula_programs tabula tabula-boardd tabula-boardcat tabula-kiosk tabula-hub-screen tabula-hub-web)
foreach(program IN LISTS tabula_programs)
  if(TARGET ${program})
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

set(tabula_hw ${PROJECT_SOURCE_DIR}/hardware)
set(tabula_units ${CMAKE_BINARY_DIR}/systemd)
foreach(unit tabula-boardd.service tabula-kiosk.service kiosk-session boardd-session)
  configure_file(${tabula_hw}/systemd/${unit}.in ${tabula_units}/${unit} @ONLY)
endforeach()
install(FILES ${tabula_units}/tabula-boardd.service ${tabula_units}/tabula-kiosk.service
              ${tabula_hw}/systemd/tabula-boardd.path ${tabula_hw}/systemd/tabula-boardd-restart.service
        DESTINATION ${tabula_systemd_dir})
install(PROGRAMS ${tabula_units}/kiosk-session ${tabula_units}/boardd-session DESTINATION ${tabula_libexec_dest})
install(FILES ${tabula_hw}/systemd/kiosk.env DESTINATION ${tabula_data_dest})
install(FILES ${tabula_hw}/systemd/tabula.sysusers DESTINATION ${tabula_sysusers_dir}
        RENAME tabula.conf)
install(FILES ${tabula_hw}/udev/60-tabula-gpio.rules DESTINATION ${tabula_udev_dir})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/arbiter/variants/ DESTINATION ${tabula_data_dest}/variants
        FILES_MATCHING PATTERN "*.txtpb")
install(DIRECTORY ${tabula_hw}/profiles/ DESTINATION ${tabula_data_dest}/profiles
        FILES_MATCHING PATTERN "*.textproto")
install(DIRECTORY ${tabula_hw}/mosquitto/ DESTINATION ${tabula_data_dest}/mosquitto)
# The browser page of tabula-hub-web (issue 34).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/arbiter/hub/web/www/ DESTINATION ${tabula_data_dest}/www)
install(FILES ${PROJECT_SOURCE_DIR}/docs/INSTALL.md ${PROJECT_SOURCE_DIR}/docs/firmware.md
              ${tabula_hw}/README.md
        DESTINATION ${tabula_doc_dest})

# ---- The Debian package.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tabula)
# TABULA_VERSION: from git (version.cmake, included by the top CMakeLists.txt).
set(CPACK_PACKAGE_VERSION ${TABULA_VERSION})
set(CPACK_PACKAGE_CONTACT "Tabula maintainers <tabula@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "chess-variant arbiter for a reed-switch board: kiosk, board daemon, rules")
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # tabula_<version>_<arch>.deb
if(CMAKE_CROSSCOMPILING AND CMAKE_SYSTEM_PROCESSOR STREQUAL aarch64)
  set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)  # else dpkg's own architecture
endif()
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # library dependencies from dpkg-shlibdeps
# libsodium23: the boards' signatures (issue 28); dpkg-shlibdeps finds it too,
# named here so a package built without shlibdeps still asks for it.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, libgl1-mesa-dri, systemd, libsodium23")
# The voice (docs/VOICE.md): espeak-ng's data and aplay.
string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", espeak-ng-data, alsa-utils")
# cage runs the kiosk (tabula-kiosk.service). GLFW before 3.4 (Debian 12's 3.3)
# talks X11 only, so there cage must start Xwayland for it (docs/INSTALL.md).
# wlr-randr turns the screen inside cage (kiosk.env: TABULA_ROTATE).
set(tabula_recommends "cage, gpiod, wlr-randr")
if(TABULA_BUILD_UI)
  pkg_check_modules(tabula_glfw QUIET glfw3)
  if(tabula_glfw_VERSION VERSION_LESS 3.4)
    set(tabula_recommends "cage, xwayland, gpiod, wlr-randr")
  endif()
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "${tabula_recommends}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mosquitto, sqlite3")  # sqlite3: the journal's backup (docs/INSTALL.md)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${tabula_hw}/debian/postinst ${tabula_hw}/debian/prerm
                                       ${tabula_hw}/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The programs are stripped (the kiosk and the hall screen were ~19 MB each
# with the build's -g1 line tables, 3.8 MB stripped). A backtrace of a crash
# on a board needs the same commit built unstripped (docs/INSTALL.md):
# CPack's separate debug package (CPACK_DEBIAN_DEBUGINFO_PACKAGE) wants a
# component install, which this one-package layout does not have.
set(CPACK_STRIP_FILES ON)
include(CPack)
