package dev.stave.inventory;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * vCPUs and memory of GCE machine types, for pools whose Terraform carries no Cloudwise labels. GCE's
 * published memory per vCPU (in GiB, which GCE writes "GB"): n1 standard 3.75, highmem 6.5, highcpu
 * 0.9; n2, n2d and e2 standard 4, highmem 8, highcpu 1; c2 standard 4 (see VCPUS). Custom types say their memory
 * in MiB. Unlike Cloudwise, n1-highcpu is 0.9 GiB per vCPU, not 1.8. Only the sizes GCE has are known: a pool of
 * another (n1-standard-6) could not be created, and sizing it by the ratio would invent a node.
 */
public final class MachineTypes {
  private static final Pattern PREDEFINED =
      Pattern.compile("(n1|n2|n2d|e2|c2)-(standard|highmem|highcpu)-([0-9]{1,3})");
  private static final Pattern CUSTOM =
      Pattern.compile("(?:(n1|n2|n2d|e2)-)?custom-([0-9]{1,3})-([0-9]{1,7})(-ext)?");
  private static final Map<String, BigDecimal> GIB_PER_CPU = Map.ofEntries(
      Map.entry("n1-standard", new BigDecimal("3.75")), Map.entry("n1-highmem", new BigDecimal("6.5")),
      Map.entry("n1-highcpu", new BigDecimal("0.9")),
      Map.entry("n2-standard", BigDecimal.valueOf(4)), Map.entry("n2-highmem", BigDecimal.valueOf(8)),
      Map.entry("n2-highcpu", BigDecimal.ONE),
      // N2D has N2's memory per vCPU: every n2d row of the catalog cited at N2D below is 4, 8 or 1 GiB per vCPU.
      Map.entry("n2d-standard", BigDecimal.valueOf(4)), Map.entry("n2d-highmem", BigDecimal.valueOf(8)),
      Map.entry("n2d-highcpu", BigDecimal.ONE),
      Map.entry("e2-standard", BigDecimal.valueOf(4)), Map.entry("e2-highmem", BigDecimal.valueOf(8)),
      Map.entry("e2-highcpu", BigDecimal.ONE),
      Map.entry("c2-standard", BigDecimal.valueOf(4)));
  private static final List<Integer> N1 = List.of(2, 4, 8, 16, 32, 64, 96);
  private static final List<Integer> N2 = List.of(2, 4, 8, 16, 32, 48, 64, 80, 96, 128);
  /**
   * The N2D sizes, as the Compute Engine API lists them in SkyPilot's catalog of GCE machine types
   * (https://github.com/skypilot-org/skypilot-catalog, catalogs/v8/gcp/vms.csv at commit
   * 8427bbff988abdd050a9f51addd314ef31cb4e85), whose rows repeat each type per zone with the same size:
   * n2d-standard-2 to -224 with 4 GiB per vCPU (n2d-standard-2 8 GiB, -128 512 GiB, -224 896 GiB), n2d-highmem-2 to
   * -96 with 8 (n2d-highmem-96 768 GiB) and n2d-highcpu-2 to -224 with 1 (n2d-highcpu-224 224 GiB). Unlike N2, no
   * N2D type departs from its family's ratio, and n2d-highmem stops at 96 vCPUs.
   */
  private static final List<Integer> N2D = List.of(2, 4, 8, 16, 32, 48, 64, 80, 96, 128, 224);
  private static final Map<String, List<Integer>> VCPUS = Map.ofEntries(
      Map.entry("n1-standard", List.of(1, 2, 4, 8, 16, 32, 64, 96)), Map.entry("n1-highmem", N1),
      Map.entry("n1-highcpu", N1),
      Map.entry("n2-standard", N2), Map.entry("n2-highmem", N2), Map.entry("n2-highcpu", N2.subList(0, N2.size() - 1)),
      Map.entry("n2d-standard", N2D), Map.entry("n2d-highmem", N2D.subList(0, N2D.indexOf(96) + 1)),
      Map.entry("n2d-highcpu", N2D),
      Map.entry("e2-standard", List.of(2, 4, 8, 16, 32)), Map.entry("e2-highmem", List.of(2, 4, 8, 16)),
      Map.entry("e2-highcpu", List.of(2, 4, 8, 16, 32)),
      // The compute-optimized C2 series has standard types only, 4 GiB per vCPU: c2-standard-4 (16 GiB), -8 (32),
      // -16 (64), -30 (120) and -60 (240), as the Compute Engine API lists them in SkyPilot's catalog of GCE
      // machine types (https://github.com/skypilot-org/skypilot-catalog, catalogs/v8/gcp/vms.csv).
      Map.entry("c2-standard", List.of(4, 8, 16, 30, 60)));
  /**
   * The GPU types of GCE's accelerator-optimized series, whose machine types come with their GPUs
   * (https://cloud.google.com/compute/docs/accelerator-optimized-machines: "Each machine type within a series
   * has a specific model and number of NVIDIA GPUs attached"; the types' names are from
   * https://cloud.google.com/compute/docs/gpus). Those of {@link #ACCELERATED} are sized with their GPUs; for the
   * others, the labels cpu and memory_m alone would give a pool of one no GPUs.
   */
  private static final Map<String, String> ACCELERATOR_GPUS = Map.of(
      "a2", "nvidia-tesla-a100 (A2 Standard) or nvidia-a100-80gb (A2 Ultra)",
      "a3", "nvidia-h100-80gb (A3 High, A3 Edge), nvidia-h100-mega-80gb (A3 Mega) or nvidia-h200-141gb (A3 Ultra)",
      "a4", "nvidia-b200", "a4x", "nvidia-gb200 (A4X) or nvidia-gb300 (A4X Max)", "g2", "nvidia-l4",
      "g4", "nvidia-rtx-pro-6000");

  /**
   * The accelerator-optimized types that stave sizes with their GPUs. vCPUs and memory (GiB) are as the Compute
   * Engine API lists them in SkyPilot's catalog of GCE machine types
   * (https://github.com/skypilot-org/skypilot-catalog, catalogs/v8/gcp/vms.csv at commit
   * 8427bbff988abdd050a9f51addd314ef31cb4e85; its rows repeat each type per zone with the same size), which has no
   * GPU counts. The number of GPUs and their model are SkyPilot's table of the GPUs each type comes with
   * (_ACC_INSTANCE_TYPE_DICTS in https://github.com/skypilot-org/skypilot, sky/catalog/gcp_catalog.py at commit
   * b9dd08e76883122c8b3d158992c1c9472e4485d4, which cites https://cloud.google.com/compute/docs/gpus: A100 on
   * a2-highgpu and a2-megagpu, A100-80GB on a2-ultragpu, H100 on a3-highgpu, H100-MEGA on a3-megagpu, H200 on
   * a3-ultragpu, B200 on a4-highgpu, L4 on g2), named as GKE names them (see {@link #ACCELERATOR_GPUS}: A2 Standard,
   * A2 Ultra, A3 High, A3 Mega, A3 Ultra). The B200's name, nvidia-b200, is also the guest_accelerator type that
   * Google's Cluster Toolkit gives GKE node pools of a4-highgpu-8g (8 of them; accelerator_machines in
   * https://github.com/GoogleCloudPlatform/cluster-toolkit, modules/internal/gpu-definition/main.tf at commit
   * 147e356daa102ed18352faf7ef9f1075fa01e379).
   *
   * <p>The types after a4-highgpu-8g are sized by GKE's own cluster autoscaler, which gives every number of each:
   * NewMachineTypeInfo(name, vCPUs, memory in GiB) and withGpuOverride(GPU, count) in
   * https://github.com/GoogleCloudPlatform/cluster-autoscaler, pkg/cloudprovider/gke/machinetypes/
   * deprecated_machine_types_config.go at commit a181d5ac557aee2ad99b5531acf879f13d1bf9f9 (NewMachineTypeInfo, in
   * machine_type.go, multiplies the memory by a GiB), its GPUs named as in pkg/cloudprovider/gke/labels/
   * system_labels.go at that commit (NvidiaGB200 = "nvidia-gb200", NvidiaGB300 = "nvidia-gb300", NvidiaRTXPro6000 =
   * "nvidia-rtx-pro-6000", and the A100-80GB, H100, H100 Mega, H200 and B200 names above). They are the -nolssd types
   * (the same machine without the bundled local SSD), a3-edgegpu-8g, the a4x types and g4-standard-48 to -384.
   * SkyPilot's catalog agrees on the size of a3-edgegpu-8g, a3-edgegpu-8g-nolssd and a3-ultragpu-8g-nolssd (208 vCPUs
   * and 1872 GiB, 224 and 2952), and the Cluster Toolkit table above on the GPUs of a4x-highgpu-4g and -4g-nolssd (4
   * nvidia-gb200) and of g4-standard-48, -96, -192 and -384 (1, 2, 4 and 8 nvidia-rtx-pro-6000). Still unsized, so
   * asking for labels: a4-highgpu-8g-lowmem, whose 8 nvidia-b200 that Cluster Toolkit table gives but whose size no
   * source found gives; and g4-standard-6, -12 and -24, which the autoscaler lists as fractional vGPU shapes counted as
   * 1 GPU ("Fractional vGPU shapes have the same accelerator name & count as the non-frac ones"), so that a process
   * sized for a whole RTX PRO 6000 there would get a fraction of one.
   */
  private static final Map<String, Machine> ACCELERATED = inOrder(
      accelerated("a2-highgpu-1g", 12, 85, 1, "nvidia-tesla-a100"),
      accelerated("a2-highgpu-2g", 24, 170, 2, "nvidia-tesla-a100"),
      accelerated("a2-highgpu-4g", 48, 340, 4, "nvidia-tesla-a100"),
      accelerated("a2-highgpu-8g", 96, 680, 8, "nvidia-tesla-a100"),
      accelerated("a2-megagpu-16g", 96, 1360, 16, "nvidia-tesla-a100"),
      accelerated("a2-ultragpu-1g", 12, 170, 1, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-2g", 24, 340, 2, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-4g", 48, 680, 4, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-8g", 96, 1360, 8, "nvidia-a100-80gb"),
      accelerated("a3-highgpu-1g", 26, 234, 1, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-2g", 52, 468, 2, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-4g", 104, 936, 4, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-8g", 208, 1872, 8, "nvidia-h100-80gb"),
      accelerated("a3-megagpu-8g", 208, 1872, 8, "nvidia-h100-mega-80gb"),
      accelerated("a3-ultragpu-8g", 224, 2952, 8, "nvidia-h200-141gb"),
      accelerated("a4-highgpu-8g", 224, 3968, 8, "nvidia-b200"),
      // From here on, GKE's cluster autoscaler's table (see above) gives each type's vCPUs, GiB and GPUs.
      accelerated("a2-ultragpu-1g-nolssd", 12, 170, 1, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-2g-nolssd", 24, 340, 2, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-4g-nolssd", 48, 680, 4, "nvidia-a100-80gb"),
      accelerated("a2-ultragpu-8g-nolssd", 96, 1360, 8, "nvidia-a100-80gb"),
      accelerated("a3-highgpu-1g-nolssd", 26, 234, 1, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-2g-nolssd", 52, 468, 2, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-4g-nolssd", 104, 936, 4, "nvidia-h100-80gb"),
      accelerated("a3-highgpu-8g-nolssd", 208, 1872, 8, "nvidia-h100-80gb"),
      accelerated("a3-edgegpu-8g", 208, 1872, 8, "nvidia-h100-80gb"),
      accelerated("a3-edgegpu-8g-nolssd", 208, 1872, 8, "nvidia-h100-80gb"),
      accelerated("a3-megagpu-8g-nolssd", 208, 1872, 8, "nvidia-h100-mega-80gb"),
      accelerated("a3-ultragpu-8g-nolssd", 224, 2952, 8, "nvidia-h200-141gb"),
      accelerated("a4-highgpu-8g-nolssd", 224, 3968, 8, "nvidia-b200"),
      accelerated("a4x-highgpu-4g", 140, 884, 4, "nvidia-gb200"),
      accelerated("a4x-highgpu-4g-nolssd", 140, 884, 4, "nvidia-gb200"),
      accelerated("a4x-maxgpu-4g-metal", 144, 960, 4, "nvidia-gb300"),
      accelerated("g4-standard-48", 48, 180, 1, "nvidia-rtx-pro-6000"),
      accelerated("g4-standard-96", 96, 360, 2, "nvidia-rtx-pro-6000"),
      accelerated("g4-standard-192", 192, 720, 4, "nvidia-rtx-pro-6000"),
      accelerated("g4-standard-384", 384, 1440, 8, "nvidia-rtx-pro-6000"),
      accelerated("g2-standard-4", 4, 16, 1, "nvidia-l4"),
      accelerated("g2-standard-8", 8, 32, 1, "nvidia-l4"),
      accelerated("g2-standard-12", 12, 48, 1, "nvidia-l4"),
      accelerated("g2-standard-16", 16, 64, 1, "nvidia-l4"),
      accelerated("g2-standard-24", 24, 96, 2, "nvidia-l4"),
      accelerated("g2-standard-32", 32, 128, 1, "nvidia-l4"),
      accelerated("g2-standard-48", 48, 192, 4, "nvidia-l4"),
      accelerated("g2-standard-96", 96, 384, 8, "nvidia-l4"));
  /**
   * GCE's rules for custom machine types of one series: the vCPU counts it takes, and the memory per vCPU (in
   * MiB) without extended memory ({@code -ext}), which only some series have. From Google's own sample that
   * checks them, https://cloud.google.com/compute/docs/samples/compute-custom-machine-type-helper-class (N1: 1 or
   * an even 2 to 96 vCPUs, 922 to 6656 MiB per vCPU; N2: an even 2 to 32, then a multiple of 4 from 36 to 128;
   * N2D: 2, 4, 8, 16, 32, 48, 64, 80 or 96; E2: an even 2 to 32, without extended memory; N2, N2D and E2 512 to
   * 8192 MiB per vCPU; more memory than that is the type's {@code -ext} form). The memory is a multiple of 256
   * MiB, as that sample checks and the Cloud Billing API's CustomMachineType says ("Must be an increment of 0.25
   * (256 MB)", https://googleapis.dev/dotnet/Google.Apis.Cloudbilling.v1beta/latest/api/
   * Google.Apis.Cloudbilling.v1beta.Data.CustomMachineType.html). The most extended memory of each series is not
   * checked: the sources found disagree on it (624 or 640 GB on N2).
   */
  private record CustomRules(String series, List<Integer> vcpus, String vcpusSaid, int minMiPerCpu, int maxMiPerCpu,
      boolean extended) {}

  private static final CustomRules N1_CUSTOM = new CustomRules("N1", evens(1, 2, 96), "1 or an even number up to 96",
      922, 6656, true);
  private static final Map<String, CustomRules> CUSTOM_RULES = Map.of(
      "", N1_CUSTOM, "n1", N1_CUSTOM,
      "n2", new CustomRules("N2", concat(evens(2, 2, 32), multiples(4, 36, 128)),
          "an even number up to 32, or a multiple of 4 from 36 to 128", 512, 8192, true),
      "n2d", new CustomRules("N2D", List.of(2, 4, 8, 16, 32, 48, 64, 80, 96), "2, 4, 8, 16, 32, 48, 64, 80 or 96",
          512, 8192, true),
      "e2", new CustomRules("E2", evens(2, 2, 32), "an even number from 2 to 32", 512, 8192, false));
  /** GCE sizes a custom type's memory in steps of 256 MiB. */
  private static final int CUSTOM_MEMORY_STEP = 256;

  /**
   * E2's shared-core types are left unsized on purpose. Compute Engine's API gives each 2 vCPUs (guestCpus), with
   * 1 GiB (e2-micro), 2 GiB (e2-small) and 4 GiB (e2-medium), as SkyPilot's catalog of the API's machine types
   * lists them (https://github.com/skypilot-org/skypilot-catalog, catalogs/v8/gcp/vms.csv), though they share a
   * physical core and are billed for a fraction of one. The 2 vCPUs are the node's capacity, the number the
   * symphony model would go by; but pods get the node's allocatable, and the gke model's reservations are GKE's
   * published rule for other types (1930m of 2 vCPUs), which a shared-core node is not known to follow. stave
   * has found no published source for what GKE reserves of a shared-core node, and a guess too large would place
   * pods on CPU the node does not offer: so these types ask for labels, or for an inventory read from the running
   * nodes (stave inventory from-nodes), whose allocatable is the node's own.
   */
  private static final List<String> SHARED_CORE = List.of("e2-micro", "e2-small", "e2-medium");

  /** The one predefined type whose memory is not its family's ratio: 864 GiB, not 8 per vCPU. */
  private static final String N2_HIGHMEM_128 = "n2-highmem-128";

  /**
   * A machine's size: whole vCPUs and MiB, and the GPUs its type comes with, {@code gpus} of {@code gpuType} (0 and
   * null for a type that comes with none, GPUs being attached by {@code guest_accelerator} then).
   */
  public record Machine(int cpu, long memoryMi, int gpus, String gpuType) {
    public Machine(int cpu, long memoryMi) {
      this(cpu, memoryMi, 0, null);
    }
  }

  private MachineTypes() {}

  private static Map.Entry<String, Machine> accelerated(String type, int cpu, int gib, int gpus, String gpuType) {
    return Map.entry(type, new Machine(cpu, gib * 1024L, gpus, gpuType));
  }

  /** The entries in the order written, smallest first, as a hint lists them. */
  @SafeVarargs
  private static <V> Map<String, V> inOrder(Map.Entry<String, V>... entries) {
    return Collections.unmodifiableMap(Stream.of(entries).collect(Collectors.toMap(Map.Entry::getKey,
        Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new)));
  }

  public static Optional<Machine> lookup(String machineType) {
    Machine accelerated = ACCELERATED.get(machineType);
    if (accelerated != null) {
      return Optional.of(accelerated);
    }
    Matcher m = PREDEFINED.matcher(machineType);
    if (m.matches()) {
      String family = m.group(1) + "-" + m.group(2);
      int cpu = Integer.parseInt(m.group(3));
      // GCE's names have no leading zero: n1-standard-08 is no machine type.
      if (!VCPUS.containsKey(family) || !VCPUS.get(family).contains(cpu) || m.group(3).startsWith("0")) {
        return Optional.empty();
      }
      BigDecimal gib = machineType.equals(N2_HIGHMEM_128) ? BigDecimal.valueOf(864)
          : GIB_PER_CPU.get(family).multiply(BigDecimal.valueOf(cpu));
      return Optional.of(new Machine(cpu, gib.multiply(BigDecimal.valueOf(1024)).longValue()));
    }
    Matcher c = CUSTOM.matcher(machineType);
    if (c.matches() && customProblem(machineType).isEmpty()) {
      return Optional.of(new Machine(Integer.parseInt(c.group(2)), Long.parseLong(c.group(3))));
    }
    return Optional.empty();
  }

  /**
   * Why GCE could create no machine of the custom type {@code machineType} ("custom-3-3072 has 3 vCPUs"); empty
   * for a custom type GCE's rules allow, and for a type that is not custom. Sized as written, the pool would be a
   * node that does not exist.
   */
  public static Optional<String> customProblem(String machineType) {
    Matcher c = CUSTOM.matcher(machineType);
    if (!c.matches()) {
      return Optional.empty();
    }
    CustomRules rules = customRules(c);
    int cpu = Integer.parseInt(c.group(2));
    long memory = Long.parseLong(c.group(3));
    boolean ext = c.group(4) != null;
    String type = rules.series() + " custom types";
    // GCE's names have no leading zero, as for predefined types: saying "2 vCPUs" of custom-02-2048 would
    // contradict the rule quoted after it, and custom-2-02048 would be sized as if GCE could create it.
    String leadingZero = Stream.of(c.group(2), c.group(3)).filter(n -> n.length() > 1 && n.startsWith("0"))
        .findFirst().orElse(null);
    if (leadingZero != null) {
      return Optional.of("'" + leadingZero + "' begins with 0, which GCE's names never do: write "
          + machineType.replaceAll("-0+([0-9])", "-$1"));
    }
    if (!rules.vcpus().contains(cpu)) {
      return Optional.of("it has " + vcpus(cpu) + ", and " + type + " have " + rules.vcpusSaid());
    }
    if (memory % CUSTOM_MEMORY_STEP != 0) {
      return Optional.of("its memory, " + c.group(3) + " MiB, is not a multiple of " + CUSTOM_MEMORY_STEP
          + " MiB, as GCE sizes custom types");
    }
    if (memory < (long) cpu * rules.minMiPerCpu()) {
      return Optional.of("its " + memory + " MiB are less than " + rules.minMiPerCpu() + " MiB per vCPU, the least "
          + type + " have (" + (long) cpu * rules.minMiPerCpu() + " MiB for " + vcpus(cpu) + ")");
    }
    if (ext && !rules.extended()) {
      return Optional.of(type + " have no extended memory (-ext)");
    }
    if (!ext && memory > (long) cpu * rules.maxMiPerCpu()) {
      return Optional.of("its " + memory + " MiB are more than " + rules.maxMiPerCpu() + " MiB per vCPU, the most "
          + type + " have (" + (long) cpu * rules.maxMiPerCpu() + " MiB for " + vcpus(cpu) + ")"
          + (rules.extended() ? " without extended memory, whose type ends in -ext" : ""));
    }
    return Optional.empty();
  }

  /** The rules of the series a matched {@link #CUSTOM} names: N1's where it names none ({@code custom-C-M}). */
  private static CustomRules customRules(Matcher custom) {
    return CUSTOM_RULES.get(custom.group(1) == null ? "" : custom.group(1));
  }

  private static String vcpus(int cpu) {
    return cpu + (cpu == 1 ? " vCPU" : " vCPUs");
  }

  /** from, then the even numbers from first to last: evens(1, 2, 96) is 1, 2, 4, ..., 96. */
  private static List<Integer> evens(int from, int first, int last) {
    List<Integer> all = new ArrayList<>();
    if (from != first) {
      all.add(from);
    }
    all.addAll(multiples(2, first, last));
    return List.copyOf(all);
  }

  private static List<Integer> multiples(int step, int first, int last) {
    return IntStream.rangeClosed(first / step, last / step).map(i -> i * step).boxed().toList();
  }

  private static List<Integer> concat(List<Integer> a, List<Integer> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }

  /**
   * The GPU types, said for a hint, of a machine type that comes with GPUs whose number stave does not know;
   * empty for other types.
   */
  public static Optional<String> gpus(String machineType) {
    return Optional.ofNullable(ACCELERATOR_GPUS.get(series(machineType)));
  }

  private static String series(String machineType) {
    return machineType.substring(0, Math.max(machineType.indexOf('-'), 0));
  }

  /**
   * What stave knows, said for {@code machineType}, and what to write instead: the sizes of its family when
   * only the size is wrong, the four labels for a type that comes with GPUs.
   */
  public static String known(String machineType) {
    Matcher m = PREDEFINED.matcher(machineType);
    if (m.matches() && VCPUS.containsKey(m.group(1) + "-" + m.group(2))) {
      String family = m.group(1) + "-" + m.group(2);
      return "GCE's " + family + " types have " + VCPUS.get(family).stream().map(String::valueOf)
          .collect(Collectors.joining(", ")) + " vCPUs; for another size, use custom-C-M (M in MiB); or add labels"
          + " cpu and memory_m";
    }
    Optional<String> custom = customProblem(machineType);
    if (custom.isPresent()) {
      Matcher c = CUSTOM.matcher(machineType);
      c.matches();
      CustomRules rules = customRules(c);
      return "GCE's " + rules.series() + " custom types have " + rules.vcpusSaid() + " vCPUs and a multiple of "
          + CUSTOM_MEMORY_STEP + " MiB, " + rules.minMiPerCpu() + " to " + rules.maxMiPerCpu() + " MiB per vCPU"
          + (rules.extended() ? " (more with -ext)" : "") + "; or add labels cpu and memory_m";
    }
    if (SHARED_CORE.contains(machineType)) {
      return machineType + " is a shared-core type, whose allocatable CPU on GKE stave cannot compute, so stave does"
          + " not size it: add labels cpu and memory_m, or write the inventory with 'stave inventory from-nodes', which"
          + " reads the nodes' allocatable";
    }
    Optional<String> gpus = gpus(machineType);
    if (gpus.isPresent()) {
      String series = series(machineType);
      List<String> sized = ACCELERATED.keySet().stream().filter(t -> series(t).equals(series)).toList();
      return "GCE's " + series + " types come with their GPUs, " + gpus.get() + ", and stave knows "
          + (sized.isEmpty() ? "none of their sizes" : "the sizes of " + String.join(", ", sized) + " only")
          + ": add labels cpu, memory_m, gpu_type and gpu_count (GPUs per node)";
    }
    return "stave knows n1-, n2-, n2d- and e2-standard|highmem|highcpu-N and c2-standard-N in GCE's sizes and"
        + " custom-C-M (M in MiB); or add labels cpu and memory_m";
  }
}
