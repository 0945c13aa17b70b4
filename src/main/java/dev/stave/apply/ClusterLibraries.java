package dev.stave.apply;

import dev.stave.config.Env;
import dev.stave.diag.StaveBug;
import io.kubernetes.client.openapi.models.V1Status;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The libraries for talking to a cluster: client-java's kubeconfig and credential handling and the
 * HTTP client its {@code ApiClient} is built on, with what they need (OkHttp, Kotlin, Bouncy Castle,
 * protobuf and others: 20 jars). Only {@code apply} and {@code diff --cluster} use them, so the build
 * keeps them off the jar's class path, in {@code lib/cluster/} (pom.xml), and they are loaded here
 * when a command opens a kubeconfig.
 *
 * <p>Why: when the JVM looks for a class that is not there, it searches every jar on the class path,
 * and the first such search opens them all. Libraries do that at start-up (FreeMarker probes for
 * servlets, Jython and JRebel): with 42 jars the first miss took 45 to 60 ms of a cold JVM, with the
 * 21 that a compile needs about 22 ms.
 *
 * <p>How: the classes of {@code dev.stave.apply.client} and every class of the cluster jars and of
 * client-java-api are defined by a class loader of their own, which looks in its jars first; all other
 * classes, stave's included, come from the application's loader. client-java-api is in both, since
 * its {@code ApiClient} needs OkHttp: the compile's copy checks models, this one makes requests, and
 * no object of either crosses over. What does cross is stave's own: {@link KubeTransport} with its
 * requests and responses (strings), {@link Env}, the run's {@link Deadline}, and the errors thrown
 * ({@code UserError}, {@link ClusterFailure}, {@link Deadline.RanOut}), so {@code dev.stave.apply.client}
 * uses only public stave classes outside its package. When the cluster jars are on the application's
 * class path already (the tests, or a user's own class path), they are used from there.
 */
public final class ClusterLibraries {
  private static final String CLIENT_PACKAGE = "dev.stave.apply.client.";
  /** The cluster jars relative to stave's jar, written at build time (pom.xml, build-classpath). */
  private static final String LIST = "/stave/cluster-classpath.txt";

  private static ClassLoader clusterLoader;

  private ClusterLibraries() {}

  /** client-java's kubeconfig handling, as {@code dev.stave.apply.client.Kubeconfig.open}. */
  public static KubeTransport openKubeconfig(Path explicit, String context, Env env, Deadline deadline) {
    ClassLoader loader = loader();
    // Libraries find services through the thread's loader: client-java registers the security
    // providers it finds (Bouncy Castle's) when it first sets up TLS.
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return (KubeTransport) loader.loadClass(CLIENT_PACKAGE + "Kubeconfig")
          .getMethod("open", Path.class, String.class, Env.class, Deadline.class)
          .invoke(null, explicit, context, env, deadline);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new StaveBug("opening the kubeconfig failed: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new StaveBug("stave's cluster classes cannot be loaded: " + e, e);
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  private static synchronized ClassLoader loader() {
    if (clusterLoader == null) {
      ClassLoader own = ClusterLibraries.class.getClassLoader();
      clusterLoader = own.getResource("okhttp3/OkHttpClient.class") != null ? own : new ClientLoader(jars(), own);
    }
    return clusterLoader;
  }

  /** The cluster jars named in the list, and client-java-api's jar (wherever the compile found it). */
  private static URL[] jars() {
    URL list = ClusterLibraries.class.getResource(LIST);
    if (list == null) {
      throw new StaveBug("stave's cluster libraries are neither on the class path nor listed in " + LIST);
    }
    List<URL> urls = new ArrayList<>();
    try (InputStream in = list.openStream()) {
      Path home = location(ClusterLibraries.class).getParent();
      for (String entry : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim().split("[:;]")) {
        Path jar = home.resolve(entry);
        if (!Files.isRegularFile(jar)) {
          throw new ClusterFailure("stave's cluster library " + jar + " is missing; build stave again (mvn package)");
        }
        urls.add(jar.toUri().toURL());
      }
      urls.add(location(V1Status.class).toUri().toURL());
    } catch (IOException e) {
      throw new StaveBug("cannot read " + LIST + ": " + e, e);
    }
    return urls.toArray(URL[]::new);
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      throw new StaveBug("cannot tell where " + type.getName() + " was loaded from: " + e, e);
    }
  }

  /** Its own jars first, and stave's client package from stave's jar; the rest from the parent. */
  private static final class ClientLoader extends URLClassLoader {
    static {
      registerAsParallelCapable();
    }

    ClientLoader(URL[] urls, ClassLoader parent) {
      super("stave-cluster", urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> type = findLoadedClass(name);
        if (type == null && name.startsWith(CLIENT_PACKAGE)) {
          type = defineClient(name);
        } else if (type == null && !name.startsWith("java.") && !name.startsWith("dev.stave.")) {
          try {
            type = findClass(name);
          } catch (ClassNotFoundException notInTheseJars) {
            // the parent's, below
          }
        }
        if (type == null) {
          type = getParent().loadClass(name);
        }
        if (resolve) {
          resolveClass(type);
        }
        return type;
      }
    }

    private Class<?> defineClient(String name) throws ClassNotFoundException {
      try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
        if (in == null) {
          throw new ClassNotFoundException(name);
        }
        byte[] bytes = in.readAllBytes();
        return defineClass(name, bytes, 0, bytes.length, ClusterLibraries.class.getProtectionDomain());
      } catch (IOException e) {
        throw new ClassNotFoundException(name, e);
      }
    }
  }
}
